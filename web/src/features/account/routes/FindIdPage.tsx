import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { SiteAuthentication } from '@contract';
import { accountMessages, paths } from '@contract';
import { withParticle } from '@contract/korean-particle';
import { useFindId, type FoundId, type FoundIds } from '../api/find-id';
import { useSiteAuthentication } from '../api/get-site-authentication';
import { AccountPage, WithAuthentication } from '../components/AccountPage';
import { Field } from '@web/ui/form/Field';
import { FormMessage, type Notice } from '../components/FormMessage';
import { fieldDomId, focusField, issuesResolver } from '../components/form-helpers';
import { usePincodeVerification } from '../components/use-pincode-verification';
import { failureDetail } from '../failure-messages';
import { formatJoinDate } from '../format';
import { verifiedKeyLabels } from '../messages';
import { verifiedKeyMessage, type Issue } from '../validation';
import { useFieldValidation, manualValidation } from '../components/use-field-validation';
import '@web/ui/form/forms.css';
import '../account.css';

const FORM_ID = 'find-id';

/** Account/FindId (spec §2, §4): verify the e-mail address (or mobile number) and see the IDs. */
export function Component() {
  const settings = useSiteAuthentication();
  return (
    <AccountPage title="아이디 찾기" lead="회원가입 때 등록하신 정보로 인증하시면 아이디를 알려드립니다.">
      <WithAuthentication query={settings}>{(auth) => <FindId auth={auth} />}</WithAuthentication>
    </AccountPage>
  );
}

function FindId({ auth }: { auth: SiteAuthentication }) {
  // Members who sign in with a mobile number find their ID by that number (spec §4 per authType).
  const keyType = auth.signinKeyType === 'MOBILE' ? 'MOBILE' : 'EMAIL';
  const label = verifiedKeyLabels[keyType];
  const findId = useFindId();
  const [result, setResult] = useState<{ idList: FoundId[]; sentTo: FoundIds['sentTo']; forValue: string } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const issuesOf = ({ value }: { value: string }): Issue[] => {
    const message = verifiedKeyMessage(keyType, value);
    return message ? [{ name: 'value', message }] : [];
  };
  const form = useForm<{ value: string }>({ defaultValues: { value: '' }, ...manualValidation, resolver: issuesResolver(issuesOf) });
  const { trigger, control, formState } = form;
  const field = useFieldValidation(form, issuesOf);
  const value = useWatch({ control, name: 'value' });
  const shown = result && result.forValue === value.trim() ? result : null;

  async function lookUp(userKeyToken: string, forValue: string) {
    setNotice(null);
    try {
      const { idList, sentTo } = await findId.mutateAsync({ userKeyToken });
      setResult({ idList, sentTo, forValue });
    } catch (err) {
      // Spec §8: "에러가 발생했습니다. 관리자에게 문의해주세요."
      window.alert(accountMessages.findIdFailed);
      setNotice({ tone: 'error', text: accountMessages.findIdFailed, detail: failureDetail(err, accountMessages.findIdFailed) });
    }
  }

  const verification = usePincodeVerification({
    idPrefix: fieldDomId(FORM_ID, 'value'),
    keyType,
    purpose: 'FIND_ID',
    value,
    validateValue: () => trigger('value'),
    checkAvailability: false,
    verified: shown !== null,
    onVerified: (token, forValue) => void lookUp(token, forValue),
    anonymous: true,
    focusValue: () => focusField(FORM_ID, 'value'),
  });

  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  return (
    <>
      <form
        className="account-form"
        id={FORM_ID}
        noValidate
        aria-label={`${label} 인증`}
        onSubmit={(event) => {
          event.preventDefault();
          void verification.send();
        }}
      >
        <Field
          id={fieldDomId(FORM_ID, 'value')}
          label={label}
          required
          error={formState.errors.value?.message}
          hint={keyType === 'MOBILE' ? '회원가입 때 인증한 휴대폰 번호를 입력해주세요. 예: 010-1234-5678' : '회원가입 때 인증한 이메일 주소를 입력해주세요.'}
          actions={verification.sendButton}
          below={verification.step}
        >
          {(control) =>
            keyType === 'MOBILE' ? (
              <input {...control} {...field('value')} className="form-input" type="tel" inputMode="tel" autoComplete="tel" />
            ) : (
              <input {...control} {...field('value')} className="form-input" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
            )
          }
        </Field>
        <FormMessage notice={findId.isPending ? { tone: 'info', text: '아이디를 찾고 있습니다…' } : notice} />
      </form>

      {shown && (
        <section className="account-box found-ids" aria-labelledby={`${FORM_ID}-result`}>
          <h2 id={`${FORM_ID}-result`} ref={resultHeading} tabIndex={-1} className="account-box__title">
            아이디 찾기 결과
          </h2>
          {shown.idList.length > 0 ? (
            <>
              <p>인증하신 {withParticle(label, '으로/로')} 가입된 아이디입니다. 개인정보 보호를 위해 일부를 가려서 보여드립니다.</p>
              <ul className="found-ids__list">
                {shown.idList.map((item) => (
                  <li key={`${item.userKeyCode}-${item.createdDate}`} className="found-ids__item">
                    <strong className="found-ids__id">{item.userKeyCode}</strong>
                    <span className="found-ids__date">
                      가입일 <time dateTime={item.createdDate}>{formatJoinDate(item.createdDate)}</time>
                    </span>
                  </li>
                ))}
              </ul>
              {/* The full ID went to the address just verified (issue 23): the screen keeps it masked. */}
              {shown.sentTo && (
                <p className="found-ids__sent" role="status">
                  {shown.sentTo === 'MOBILE' ? accountMessages.fullIdSentMobile : accountMessages.fullIdSentEmail}
                </p>
              )}
            </>
          ) : (
            <p>인증하신 {withParticle(label, '으로/로')} 가입된 회원 정보가 없습니다.</p>
          )}
          <p className="account-actions">
            <Link className="button button--primary" to={paths.signin}>
              로그인
            </Link>
            <Link className="button" to={paths.findPassword}>
              비밀번호 찾기
            </Link>
          </p>
        </section>
      )}
    </>
  );
}
