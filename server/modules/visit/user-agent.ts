/**
 * What visitor statistics keep of a user agent (issue 23): a device class, a browser family and
 * whether it is a robot. A small parser of our own: the families the console shows are few, the
 * order of the tests is what matters (Edge, Whale and Samsung Internet also say "Chrome", Chrome
 * also says "Safari"), and user-agent tables from a library would be far more than this needs.
 */
export type DeviceClass = 'phone' | 'tablet' | 'desktop';
export type BrowserFamily =
  | 'chrome' | 'safari' | 'edge' | 'firefox' | 'samsung' | 'whale' | 'naver' | 'kakaotalk' | 'opera' | 'ie' | 'other';

export interface AgentClass {
  bot: boolean;
  device: DeviceClass;
  browser: BrowserFamily;
}

/**
 * Crawlers, link previews, monitors, scripts and headless browsers (automated tests, Lighthouse)
 * say so in their user agent; a request without one is a script too.
 */
const botPattern =
  /bot\b|bot\/|yeti|daum|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|headless|lighthouse|pagespeed|curl\/|wget|python|httpclient|okhttp|go-http|node-fetch|undici|axios|java\/|libwww|scrapy|phantomjs|monitor|pingdom|uptime/i;

// iPadOS 13 and later sends a Mac's user agent: counted as a desktop.
const tabletPattern = /ipad|tablet|kindle|silk\/|playbook|sm-t\d|android(?!.*mobile)/i;
const phonePattern = /mobi|iphone|ipod|android.*mobile|windows phone|blackberry|opera mini/i;

const browserTests: [RegExp, BrowserFamily][] = [
  [/kakaotalk/i, 'kakaotalk'],
  [/naver\(inapp|naver\//i, 'naver'],
  [/whale\//i, 'whale'],
  [/samsungbrowser\//i, 'samsung'],
  [/edg(e|a|ios)?\//i, 'edge'],
  [/opr\/|opios\/|opera/i, 'opera'],
  [/firefox\/|fxios\//i, 'firefox'],
  [/msie |trident\//i, 'ie'],
  [/chrome\/|crios\/|chromium\//i, 'chrome'],
  [/safari\//i, 'safari'],
];

export function classifyAgent(userAgent: string | undefined): AgentClass {
  const ua = userAgent?.trim() ?? '';
  const bot = ua === '' || botPattern.test(ua);
  const device: DeviceClass = tabletPattern.test(ua) ? 'tablet' : phonePattern.test(ua) ? 'phone' : 'desktop';
  const browser = browserTests.find(([pattern]) => pattern.test(ua))?.[1] ?? 'other';
  return { bot, device, browser };
}
