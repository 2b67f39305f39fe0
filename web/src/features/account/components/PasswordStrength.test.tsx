import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountMessages, type SiteInfo } from '@contract';
import { PasswordStrength } from './PasswordStrength';

/** The new-password hint (issue 25): why the server would refuse, said before anything is sent. */

const site = {
  siteName: '인체이식형 의료기기 환자등록사업',
  siteNameEn: 'National Implantable Device Registry',
  email: 'registry@nids.or.kr',
  registSiteUrl: 'https://registry.nids.or.kr',
} as SiteInfo;

function typed(password: string, identity: string[] = []) {
  const view = render(<PasswordStrength id="pw-strength" password={password} identity={identity} site={site} />);
  return { status: screen.getByRole('status'), ...view };
}

/** The estimate runs once typing settles (250 ms) and its chunk has loaded. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('PasswordStrength', () => {
  it('says why a password a guesser tries first would be refused, and changes as it is typed', async () => {
    const { status, rerender } = typed('dkssud12!');
    await waitFor(() => expect(status).toHaveTextContent(accountMessages.passwordKoreanTyped), { timeout: 10_000 });
    rerender(<PasswordStrength id="pw-strength" password="Nids#2026" identity={[]} site={site} />);
    await waitFor(() => expect(status).toHaveTextContent(accountMessages.passwordHasSiteName), { timeout: 5_000 });
    rerender(<PasswordStrength id="pw-strength" password="x7!honggd" identity={['HongGD', 'x@example.com']} site={site} />);
    await waitFor(() => expect(status).toHaveTextContent(accountMessages.passwordHasUserId), { timeout: 5_000 });
    rerender(<PasswordStrength id="pw-strength" password="Zq8!mT3w" identity={[]} site={site} />);
    await waitFor(() => expect(status).toBeEmptyDOMElement(), { timeout: 5_000 });
  });

  it('says nothing of a password that does not meet the pattern yet (the pattern hint says what is missing)', async () => {
    const { status } = typed('dkssud');
    await settled();
    expect(status).toBeEmptyDOMElement();
  });
});
