/**
 * Issue 12, the attacker's suite: XSS payloads, each of which would set `window.__xss` if the
 * browser ever ran it. The vectors are the usual ones against board engines (script and event
 * handler tags, javascript: and data: URLs, entity and case tricks, SVG and MathML, mutation and
 * parser-confusion tricks, breaking out of attributes, titles and text areas, template injection),
 * and each is sent again behind the two common attribute breakouts.
 */
const RUN = 'window.__xss=1';

const vectors = [
  `<script>${RUN}</script>`,
  `<script src="data:text/javascript,${RUN}"></script>`,
  `<img src=x onerror=${RUN}>`,
  `<IMG SRC=x OnErRoR=${RUN}>`,
  `<img src="x" onerror="&#119;indow.__xss=1">`,
  `<img src=x onerror=eval(atob('d2luZG93Ll9feHNzPTE='))>`,
  `<img src=x onerror=${RUN}//`,
  `<svg onload=${RUN}>`,
  `<svg><script>${RUN}</script></svg>`,
  `<svg><animate onbegin=${RUN} attributeName=x dur=1s>`,
  `<svg><a xlink:href="javascript:${RUN}"><text x=20 y=20>x</text></a></svg>`,
  `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='${RUN}'/></svg>#x"/></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
  `<iframe src="javascript:top.__xss=1"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<iframe src="data:text/html,<script>parent.__xss=1</script>"></iframe>`,
  `<a href="javascript:${RUN}">링크</a>`,
  `<a href="JaVaScRiPt:${RUN}">링크</a>`,
  `<a href="&#106;avascript:${RUN}">링크</a>`,
  `<a href="java&#x09;script:${RUN}">링크</a>`,
  `<a href=" javascript:${RUN}">링크</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg==">링크</a>`,
  `<a href="vbscript:${RUN}">링크</a>`,
  `<body onload=${RUN}>`,
  `<details open ontoggle=${RUN}>`,
  `<video><source onerror=${RUN}></video>`,
  `<audio src=x onerror=${RUN}>`,
  `<input autofocus onfocus=${RUN}>`,
  `<select autofocus onfocus=${RUN}></select>`,
  `<textarea autofocus onfocus=${RUN}></textarea>`,
  `<button onclick=${RUN}>누르기</button>`,
  `<p onmouseover=${RUN}>올리기</p>`,
  `<marquee onstart=${RUN}>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<form action="javascript:${RUN}"><button>보내기</button></form>`,
  `<button formaction="javascript:${RUN}">보내기</button>`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<style>@import 'javascript:${RUN}';</style>`,
  `<div style="background:url(javascript:${RUN})">배경</div>`,
  `<div style="width:expression(${RUN})">IE</div>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//">`,
  `<link rel=stylesheet href="javascript:${RUN}">`,
  `<table background="javascript:${RUN}"><tr><td>표</td></tr></table>`,
  `<template><img src=x onerror=${RUN}></template>`,
  `<<script>${RUN}//<</script>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `<img src=x:alert onerror=${RUN} alt="`,
  `<!--<img src="--><img src=x onerror=${RUN}//">`,
  `<![CDATA[<img src=x onerror=${RUN}>]]>`,
  `<xmp><img src=x onerror=${RUN}></xmp>`,
  `<isindex type=image src=1 onerror=${RUN}>`,
  `<frameset onload=${RUN}>`,
  `</title><script>${RUN}</script>`,
  `</textarea><script>${RUN}</script>`,
  `</script><script>${RUN}</script>`,
  `</style><script>${RUN}</script>`,
  `{{constructor.constructor('${RUN}')()}}`,
  `\${${RUN}}`,
  `javascript:${RUN}`,
  `%3Cscript%3E${RUN}%3C%2Fscript%3E`,
  `&lt;script&gt;${RUN}&lt;/script&gt;`,
  `\\u003cscript\\u003e${RUN}\\u003c/script\\u003e`,
  `<img src=x onerror=${RUN}>`.replace('<', '\uff1c'),
  `<a href="#" onclick="${RUN}">닫기</a>`,
  `<img srcset="x 1x" onerror=${RUN}>`,
  `<picture><source srcset=x><img src=x onerror=${RUN}></picture>`,
  `<keygen autofocus onfocus=${RUN}>`,
  `<div tabindex=1 autofocus onfocusin=${RUN}>`,
];

const breakouts = ['">', "'>"];

export const XSS_PAYLOADS: readonly string[] = [...vectors, ...breakouts.flatMap((prefix) => vectors.slice(0, 20).map((v) => prefix + v))];

/** The payloads in groups of `size` (a post's body, a comment), each group one HTML text. */
export function payloadGroups(size: number): string[] {
  const groups: string[] = [];
  for (let i = 0; i < XSS_PAYLOADS.length; i += size) groups.push(XSS_PAYLOADS.slice(i, i + size).map((p) => `<p>${p}</p>`).join(''));
  return groups;
}

/**
 * The payloads a file name can carry whole: the server keeps a name's last path segment (after
 * the last / or \), so a payload with either would arrive cut. For attachment and editor-image
 * names (the editor makes an image's alt text of its file name).
 */
export const FILE_NAME_PAYLOADS: readonly string[] = XSS_PAYLOADS.filter((p) => !/[\\/]/.test(p));

/**
 * Payloads of at most 20 characters, for fields that short (a guest's name on an inquiry): the
 * corpus's own that fit, and short forms of its vectors. In an event handler `__xss=1` assigns
 * the same global as `window.__xss=1` (the handler's scope chain ends at window), so each sets
 * the flag xss-check.ts reads.
 */
const SHORT_RUN = '__xss=1';
export const SHORT_PAYLOADS: readonly string[] = [
  ...XSS_PAYLOADS.filter((p) => p.length <= 20),
  `<svg onload=${SHORT_RUN}>`,
  `<svg/onload=${SHORT_RUN}>`,
  `<x onclick=${SHORT_RUN}>`,
  `<p/onclick=${SHORT_RUN}>`,
  `<script>${SHORT_RUN}`,
  `"><b onclick=${SHORT_RUN}`,
  `'><b onclick=${SHORT_RUN}`,
  `" onfocus=${SHORT_RUN} "`,
  `' onfocus=${SHORT_RUN} '`,
  `javascript:${SHORT_RUN}`,
  `{{${SHORT_RUN}}}`,
  `<svg onload=${SHORT_RUN}`,
];
