import { useEffect, useState } from 'react';
import { patterns, type SiteInfo } from '@contract';

/**
 * Says, as a new password is typed, why the server would refuse it (issue 25): the same estimate
 * (contract/password-strength.ts: substitutions, keyboard walks, Korean words typed on a Latin
 * keyboard, the site's own name and domain) and the member's own ID. Its dictionaries (about
 * 400 KB) load once, on the first password that meets the pattern, in a chunk of their own.
 * The common-password list is the server's only; its refusal comes back as the field's error.
 */

type Estimator = typeof import('@contract/password-strength');
let estimator: Promise<Estimator> | undefined;
const loadEstimator = () => (estimator ??= import('@contract/password-strength'));

/** How long typing may pause before the estimate runs (it takes a few milliseconds). */
const SETTLE_MS = 250;

interface PasswordStrengthProps {
  id: string;
  password: string;
  /** The account's sign-in ID and e-mail, when known. */
  identity: (string | null | undefined)[];
  site: SiteInfo | undefined;
}

export function PasswordStrength({ id, password, identity, site }: PasswordStrengthProps) {
  const [message, setMessage] = useState<string | null>(null);
  // A text, so a new array of the same keys each render does not run the estimate again.
  const keys = identity.map((key) => key ?? '').join('\n');

  useEffect(() => {
    if (!patterns.password.test(password)) {
      setMessage(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void loadEstimator().then(({ identityWords, passwordProblem, siteWords }) => {
        if (current) setMessage(passwordProblem(password, identityWords(...keys.split('\n')), site ? siteWords(site, window.location.hostname) : []));
      });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, keys, site]);

  // Always there, so a screen reader hears each change (role status is polite).
  return (
    <p id={id} role="status" className={message ? 'form-field__hint form-field__hint--warning' : 'form-field__hint'}>
      {message ?? ''}
    </p>
  );
}
