import { useEffect, useRef, useState, type ReactNode } from 'react';
import { accountMessages, keyLabels } from '@contract';
import { refusedField } from '@web/lib/api';
import { checkUserKeyExists } from '../api/check-user-key-exists';
import { confirmPincode } from '../api/confirm-pincode';
import { sendPincode, type PincodePurpose } from '../api/send-pincode';
import { failureDetail } from '../failure-messages';
import { formatRemaining, spokenRemaining } from '../format';
import { uiMessages, verifiedKeyLabels } from '../messages';
import { pincodeMessage } from '../validation';
import { Field } from '@web/ui/form/Field';
import { FormMessage, type Notice } from './FormMessage';
import { PendingButton } from './SubmitButton';
import { usePincodeTimer } from './use-pincode-timer';

type VerifiedKeyType = 'EMAIL' | 'MOBILE';

interface Options {
  /** Prefix of the element ids (one per verified key on a screen). */
  idPrefix: string;
  keyType: VerifiedKeyType;
  purpose: PincodePurpose;
  /** The address or number as it is typed now. */
  value: string;
  /** Validates the address or number field (showing its error); false stops the send. */
  validateValue: () => Promise<boolean>;
  /** Sign-up and key change: the address or number must not be taken (spec §4 "checked first"). */
  checkAvailability: boolean;
  /** A confirmed token exists for the value as it is now. */
  verified: boolean;
  onVerified: (userKeyToken: string, value: string) => void;
  /** Key changes are made signed in; everything else anonymously. */
  anonymous: boolean;
  /** Focus when a step fails: the address or number input. */
  focusValue: () => void;
}

interface Pending {
  token: string;
  forValue: string;
  sentAt: number;
}

/**
 * Spec §4 verification of an e-mail address or mobile number: 인증번호 발송 (after checking the key
 * is free, where asked), then the 6-digit pincode, which turns the pending key token into a
 * confirmed one. Gives the send button (beside the input) and the pincode step (below it).
 * The spec's alerts are raised word for word; the same sentence also stays on the screen.
 */
export function usePincodeVerification(options: Options): { sendButton: ReactNode; step: ReactNode; send: () => Promise<void> } {
  const { idPrefix, keyType, purpose, value, verified } = options;
  const label = keyLabels[keyType];
  const [pending, setPending] = useState<Pending | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pincode, setPincode] = useState('');
  const [pincodeError, setPincodeError] = useState<string | null>(null);
  const [noticeState, setNoticeState] = useState<{ notice: Notice; forValue: string } | null>(null);
  const pincodeInput = useRef<HTMLInputElement>(null);
  const focusPincodeAfterRender = useRef(false);

  const current = value.trim();
  // Messages are about the address they were given for; editing it clears them.
  const notice = noticeState?.forValue === current ? noticeState.notice : null;
  const setNotice = (next: Notice | null) => setNoticeState(next ? { notice: next, forValue: current } : null);
  // A pincode belongs to the address it was sent to: editing the address starts over.
  const active = pending !== null && pending.forValue === current && !verified;
  const clock = usePincodeTimer(active ? pending.sentAt : null);

  // After a send the pincode field appears; the focus goes there, ready for the code.
  useEffect(() => {
    if (!focusPincodeAfterRender.current || !pincodeInput.current) return;
    focusPincodeAfterRender.current = false;
    pincodeInput.current.focus();
  }, [pending]);
  const pincodeId = `${idPrefix}-pincode`;

  async function send() {
    if (sending || verified || (active && clock && clock.resendIn > 0)) return;
    setNotice(null);
    if (!(await options.validateValue())) {
      options.focusValue();
      return;
    }
    setSending(true);
    try {
      if (options.checkAvailability) {
        let exists: boolean;
        try {
          ({ exists } = await checkUserKeyExists({ userKeyType: keyType, userKeyCode: current }));
        } catch (err) {
          fail(accountMessages.keyCheckFailed(label), err);
          return;
        }
        if (exists) {
          fail(accountMessages.keyTaken(label), null);
          return;
        }
        // Spec §8 "Key free": said before the pincode goes out, as the ID check says it.
        window.alert(accountMessages.keyFree(label));
      }
      try {
        const { userKeyToken } = await sendPincode({ userKeyType: keyType, userKeyCode: current, purpose });
        const again = pending?.forValue === current;
        setPending({ token: userKeyToken, forValue: current, sentAt: Date.now() });
        setPincode('');
        setPincodeError(null);
        const sent = again ? uiMessages.pincodeSentAgain : uiMessages.pincodeSent;
        setNotice(
          options.checkAvailability ? { tone: 'info', text: accountMessages.keyFree(label), detail: sent } : { tone: 'info', text: sent },
        );
        focusPincodeAfterRender.current = true;
      } catch (err) {
        fail(accountMessages.pincodeSendFailed, err);
      }
    } finally {
      setSending(false);
    }
  }

  function fail(text: string, err: unknown) {
    window.alert(text);
    setNotice({ tone: 'error', text, detail: err ? failureDetail(err, text) : null });
    options.focusValue();
  }

  async function confirm() {
    if (confirming) return;
    setNotice(null);
    // Spec §5: confirming without a (live) pending token.
    if (!active || !clock || clock.expired) {
      window.alert(accountMessages.pincodeTokenMissing);
      setNotice({ tone: 'error', text: accountMessages.pincodeTokenMissing });
      options.focusValue();
      return;
    }
    const format = pincodeMessage(pincode);
    setPincodeError(format);
    if (format) {
      pincodeInput.current?.focus();
      return;
    }
    setConfirming(true);
    try {
      const { userKeyToken } = await confirmPincode({ userKeyToken: pending.token, pincode: pincode.trim() }, { anonymous: options.anonymous });
      window.alert(accountMessages.pincodeOk);
      options.onVerified(userKeyToken, pending.forValue);
      setPending(null);
      setPincode('');
      setNotice({ tone: 'success', text: accountMessages.pincodeOk });
    } catch (err) {
      window.alert(accountMessages.pincodeFailed);
      const detail = failureDetail(err, accountMessages.pincodeFailed);
      setNotice({ tone: 'error', text: accountMessages.pincodeFailed, detail });
      // Too many wrong tries or an expired token (the refusal names the token, not the pincode):
      // this pincode is spent, a new one is needed.
      if (refusedField(err) === 'userKeyToken') {
        setPending(null);
        options.focusValue();
      } else pincodeInput.current?.focus();
    } finally {
      setConfirming(false);
    }
  }

  const resendWait = active && clock ? clock.resendIn : 0;
  const sendButton = (
    <PendingButton pending={sending} onClick={send} disabled={verified || resendWait > 0}>
      {verified ? '인증 완료' : active ? '인증번호 재발송' : '인증번호 발송'}
    </PendingButton>
  );

  const step = (
    <div className="pincode-step">
      {active && clock && (
        <Field
          id={pincodeId}
          label={`${verifiedKeyLabels[keyType]} 인증번호`}
          error={pincodeError ?? undefined}
          hint={
            clock.expired ? (
              accountMessages.pincodeExpired
            ) : (
              <>
                <span role="timer" aria-live="off" className="pincode-step__timer">
                  남은 시간 <span aria-hidden="true">{formatRemaining(clock.remaining)}</span>
                  <span className="visually-hidden">{spokenRemaining(clock.remaining)}</span>
                </span>
                {resendWait > 0 && <span> · {resendWait}초 후 다시 받을 수 있습니다</span>}
              </>
            )
          }
          actions={
            <PendingButton pending={confirming} onClick={confirm} className="button button--primary">
              확인
            </PendingButton>
          }
        >
          {(control) => (
            <input
              {...control}
              ref={pincodeInput}
              className="form-input form-input--pincode"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={pincode}
              onChange={(event) => setPincode(event.target.value.replace(/\D/g, ''))}
              onKeyDown={(event) => {
                // Enter confirms the pincode instead of submitting the whole form.
                if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  void confirm();
                }
              }}
            />
          )}
        </Field>
      )}
      <FormMessage notice={verified ? { tone: 'success', text: `${verifiedKeyLabels[keyType]} 인증이 완료되었습니다.` } : notice} />
    </div>
  );

  return { sendButton, step, send };
}
