import { describe, expect, it } from 'vitest';
import { allowedExtensions } from '@contract';
import { bytesAre, extensionOf, fileTypes, sniff } from './sniff';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniff: the type a file’s bytes show', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n')],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['gif', bytes('GIF89a', [1, 0])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['zip', bytes('PK', [3, 4, 20, 0])],
    ['ole', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0])],
    ['mp4', bytes([0, 0, 0, 0x20], 'ftypisom')],
    ['text', Buffer.from('번호,제목\n1,안내문\n', 'utf8')],
  ])('%s', (kind, data) => {
    expect(sniff(data)).toBe(kind);
  });

  it.each([
    ['an HTML page', '<!DOCTYPE html><html><body>hi</body></html>'],
    ['an SVG image', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['XML', '<?xml version="1.0"?><a/>'],
    ['a script behind text', '안내\n<script>alert(1)</script>'],
  ])('%s is markup, never text', (_what, text) => {
    expect(sniff(Buffer.from(text, 'utf8'))).toBe('markup');
  });

  it('binary junk is unknown', () => {
    expect(sniff(bytes([1, 2, 3, 0, 5]))).toBe('unknown');
    expect(sniff(bytes([0x4d, 0x5a, 0x90, 0x00]))).toBe('unknown'); // a Windows executable
  });

  it('captions (.vtt) are text that starts with the WebVTT signature; a .txt may start so too', () => {
    const vtt = (text: string) => Buffer.from(text, 'utf8');
    expect(bytesAre(vtt('WEBVTT\n\n00:00.000 --> 00:02.000\n안녕하세요\n'), 'captions')).toBe(true);
    expect(bytesAre(vtt('\uFEFFWEBVTT - 소개 영상\n'), 'captions')).toBe(true);
    expect(bytesAre(vtt('WEBVTT'), 'captions')).toBe(true);
    expect(bytesAre(vtt('WEBVTTX\n'), 'captions')).toBe(false);
    expect(bytesAre(vtt('1\n00:00:00,000 --> 00:00:02,000\n자막\n'), 'captions')).toBe(false); // SubRip is not WebVTT
    expect(bytesAre(vtt('WEBVTT\n\n<script>alert(1)</script>\n'), 'captions')).toBe(false); // markup is never text
    expect(bytesAre(vtt('WEBVTT\n'), 'text')).toBe(true);
  });

  it('every allowed extension has a type, and only those', () => {
    expect(Object.keys(fileTypes).sort()).toEqual([...allowedExtensions].sort());
  });

  it('extensionOf takes the last extension, lower-cased', () => {
    expect(extensionOf('보고서.최종.PDF')).toBe('pdf');
    expect(extensionOf('사진.jpg.exe')).toBe('exe');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('..\\..\\evil.png')).toBe('png');
  });
});
