import { eq } from 'drizzle-orm';
import type { SiteAuthentication, SiteInfo, UserKeyType } from '@contract';
import { siteInfo } from '@contract';
import type { Db } from '../../db/client';
import { siteSetting } from '../../db/schema';

const CACHE_MS = 5_000;

/** The site_setting key of the console's "admin two-factor sign-in required" switch. */
export const ADMIN_TWO_FACTOR_KEY = 'adminTwoFactorRequired';

/**
 * What the site settings read from tables other modules own: `role` (the admin-role module's
 * repository) and `app_user` (the user module's). Both modules import this one, so the
 * composition root (server/app.ts) hands their functions to `SiteSettings` instead of an import.
 */
export interface SettingsTables {
  /** The guest role's code and permissions, or undefined when no role has the code. */
  findGuestRole(db: Db, roleCode: string): Promise<{ roleCode: string; permissions: string[] } | undefined>;
  /** A role's permissions, its row share-locked for the rest of the transaction. */
  sharedRolePermissions(db: Db, roleCode: string): Promise<string[] | undefined>;
  /** Every role, by code. */
  rolesByCode(db: Db): Promise<{ roleCode: string; name: string; permissions: string[] }[]>;
  /** Active members (not system administrators) without an e-mail address, or without a mobile number. */
  activeMembersWithout(db: Db, key: 'email' | 'mobile'): Promise<number>;
  /** Active members (not system administrators) whose mobile number another account that is not retired has. */
  activeMembersSharingMobile(db: Db): Promise<number>;
}

/**
 * Site settings live in the database as one row per key. They are read on most requests
 * (the guest role), so they are cached briefly; `invalidate()` after a change.
 */
interface LoadedSettings {
  at: number;
  info: SiteInfo;
  guest: { roleCode: string; permissions: string[] };
  adminTwoFactorRequired: boolean;
}

export class SiteSettings {
  private cached: LoadedSettings | null = null;
  /**
   * The read under way, which every caller asking meanwhile shares. Each went to the database of
   * its own before: the requests in flight when the cache ended (every 5 s on a busy server), and
   * the parts of one reader page, each asking for the guest role. Those parts then came back
   * apart, and two asks of one post (its head, its first data) missed each other's read of it
   * (read twice, and kept on its first request: docs/decisions/0040).
   */
  private loading: Promise<LoadedSettings | null> | null = null;
  /** Counts invalidations: a read that started before one is not kept (see `read`). */
  private generation = 0;
  /** What the last load read, to tell a change (the guest role above all) from a mere reload. */
  private signature: string | null = null;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    readonly tables: SettingsTables,
  ) {}

  invalidate(): void {
    this.cached = null;
    this.loading = null;
    this.generation++;
  }

  /**
   * Calls `listener` when a load finds settings or the guest role's permissions different from
   * the previous load: answers cached for guests (server/modules/board/cache.ts) are then stale.
   */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private async load(): Promise<LoadedSettings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached;
    if (!this.loading) {
      const loading = this.read(this.generation);
      this.loading = loading;
      const done = () => {
        if (this.loading === loading) this.loading = null;
      };
      loading.then(done, done);
    }
    // A read overtaken by an invalidation is no one's answer: those who shared it read again (an
    // answer cached for guests could otherwise be made with the guest role from before the change
    // after the change's invalidation of those answers, and be kept).
    return (await this.loading) ?? this.load();
  }

  /**
   * Reads the settings and the guest role; null when an invalidation came meanwhile (nothing kept,
   * nothing told): it may have read the settings from before the change.
   */
  private async read(generation: number): Promise<LoadedSettings | null> {
    const rows = await this.db.select({ key: siteSetting.key, value: siteSetting.value }).from(siteSetting);
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    const info = siteInfo.parse(stored);
    // Not part of the public info; absent until first set.
    const adminTwoFactorRequired = stored[ADMIN_TWO_FACTOR_KEY] === true;
    const guestRole = await this.tables.findGuestRole(this.db, info.roleCodeForGuest);
    const guest = guestRole ?? { roleCode: info.roleCodeForGuest, permissions: [] };
    const loaded = { at: Date.now(), info, guest, adminTwoFactorRequired };
    if (generation !== this.generation) return null;
    this.cached = loaded;
    const signature = JSON.stringify([info, guest]);
    const changed = this.signature !== null && signature !== this.signature;
    this.signature = signature;
    if (changed) for (const listener of this.listeners) listener();
    return this.cached;
  }

  async info(): Promise<SiteInfo> {
    return (await this.load()).info;
  }

  /** Issue 12: every account with ADMIN_Access must sign in with a second factor. */
  async adminTwoFactorRequired(): Promise<boolean> {
    return (await this.load()).adminTwoFactorRequired;
  }

  async guestRole(): Promise<{ roleCode: string; permissions: string[] }> {
    return (await this.load()).guest;
  }

  async authentication(): Promise<SiteAuthentication> {
    const info = await this.info();
    const signinKeyType: UserKeyType =
      info.authType === 'EmailAndPassword' ? 'EMAIL' : info.authType === 'MobileAndPassword' ? 'MOBILE' : 'ID';
    // E-mail is always verified (spec §5); a mobile number is verified when it is the sign-in key.
    const verifiedKeyTypes: UserKeyType[] = signinKeyType === 'MOBILE' ? ['EMAIL', 'MOBILE'] : ['EMAIL'];
    return {
      authType: info.authType,
      useCapcha: info.useCapcha,
      signinKeyType,
      verifiedKeyTypes,
      userProfiles: info.userProfiles,
    };
  }
}

/** The guest role as stored now (not the settings cache): for checks made inside a transaction. */
export async function storedGuestRoleCode(db: Db): Promise<string> {
  const [row] = await db.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, 'roleCodeForGuest'));
  return typeof row?.value === 'string' ? row.value : '';
}

/** The console's change (update.ts): each given key written, inside the caller's transaction. */
export async function writeSettings(db: Db, values: Record<string, unknown>, now: Date): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await db
      .insert(siteSetting)
      .values({ key, value, modifiedAt: now })
      .onConflictDoUpdate({ target: siteSetting.key, set: { value, modifiedAt: now } });
  }
}
