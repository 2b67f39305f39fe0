import type { UserProfileField } from '@contract';

/** The element id of a form field: `signup-profile-organization` for `profile.organization`. */
export const fieldDomId = (formId: string, name: string) => `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The form name of an extra profile field: its value lives under `profile.{code}`. */
export const profileFieldName = (field: Pick<UserProfileField, 'code'>) => `profile.${field.code}`;
