import type { AdminPopup, PopupNotice } from '@contract';
import { fileUrl } from '@server/modules/file';
import { toKstIso } from '../../lib/time';
import type { PopupRow } from './repo';
import { stateAt } from './schedule';

/** A pop-up as visitors get it. */
export function toNotice(row: PopupRow): PopupNotice {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    imageUrl: row.imageFileId ? fileUrl(row.imageFileId) : null,
    imageAlt: row.imageAlt ?? row.title,
    linkUrl: row.linkUrl,
    startsAt: toKstIso(row.startsAt),
    endsAt: toKstIso(row.endsAt),
    screen: row.screen,
  };
}

/** A pop-up in the console, with its state at `now`. */
export function toAdminPopup(row: PopupRow, now: Date): AdminPopup {
  return {
    ...toNotice(row),
    imageFileId: row.imageFileId,
    imageAltText: row.imageAlt,
    state: stateAt(row, now),
    createdDate: toKstIso(row.createdAt),
    modifiedDate: toKstIso(row.modifiedAt),
  };
}
