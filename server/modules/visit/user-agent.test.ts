import { describe, expect, it } from 'vitest';
import { classifyAgent } from './user-agent';

const agents = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  whaleMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Whale/3.27.254.15 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariIpad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  chromeIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.153 Mobile/15E148 Safari/604.1',
  samsungPhone: 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  samsungTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36',
  naverApp: 'Mozilla/5.0 (Linux; Android 14; SM-S911N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 NAVER(inapp; search; 2000; 12.6.3)',
  kakaoApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.7.5',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  yeti: 'Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
  kakaoPreview: 'facebookexternalhit/1.1; kakaotalk-scrap/1.0; +https://devtalk.kakao.com/',
};

describe('classifyAgent (issue 23)', () => {
  it.each([
    ['chromeWindows', 'desktop', 'chrome'],
    ['edgeWindows', 'desktop', 'edge'],
    ['whaleMac', 'desktop', 'whale'],
    ['safariIphone', 'phone', 'safari'],
    ['safariIpad', 'tablet', 'safari'],
    ['chromeIphone', 'phone', 'chrome'],
    ['samsungPhone', 'phone', 'samsung'],
    ['samsungTablet', 'tablet', 'samsung'],
    ['naverApp', 'phone', 'naver'],
    ['kakaoApp', 'phone', 'kakaotalk'],
    ['firefoxLinux', 'desktop', 'firefox'],
    ['ie11', 'desktop', 'ie'],
  ] as const)('%s is a person on a %s with %s', (name, device, browser) => {
    expect(classifyAgent(agents[name])).toEqual({ bot: false, device, browser });
  });

  it.each(['googlebot', 'yeti', 'headless', 'curl', 'kakaoPreview'] as const)('%s is a robot', (name) => {
    expect(classifyAgent(agents[name]).bot).toBe(true);
  });

  it('a request without a user agent is a robot on a desktop of no known browser', () => {
    expect(classifyAgent(undefined)).toEqual({ bot: true, device: 'desktop', browser: 'other' });
    expect(classifyAgent('  ')).toEqual({ bot: true, device: 'desktop', browser: 'other' });
  });
});
