/**
 * Company and global settings as the server reads them (issue 11 item 3): a plugin reads its own
 * declared keys (and the kernel's) with their defaults applied. Inject by the `SETTINGS` token; a
 * plugin writing its own keys uses `PLUGIN_CONTEXT.settings` instead (no id to pass).
 */
export const SETTINGS = Symbol.for('atende:settings');

/** The SETTINGS port: read company and global settings (defaults applied) and write a plugin's own keys. */
export interface Settings {
  /** A company's value of `key` (a kernel option or a declared plugin key), or its default. */
  company(companyId: number, key: string): Promise<string>;
  /** A platform-wide value, or its default. */
  global(key: string): Promise<string>;
  /**
   * Stores a company's value of one of the calling plugin's own declared keys (`<pluginId>.…`),
   * checked by its schema (400 with details when it does not pass); screens that may read it are told.
   * 404 ERR_NO_SETTING_FOUND for a key the plugin did not declare or the company's plan does not allow.
   */
  setCompany(pluginId: string, companyId: number, key: string, value: string): Promise<void>;
  /**
   * A platform secret kept in one of the calling plugin's own declared global keys (`<pluginId>.…`):
   * its stored value, or, while none is set (empty), 32 random bytes (base64url) generated here and
   * stored once in the database. The first writer wins atomically, so every server process gets the
   * same value, on a fresh install too. A super user may still replace it through /api/settings/global.
   * Throws for a key the plugin did not declare as a global setting.
   */
  globalSecret(pluginId: string, key: string): Promise<string>;
}
