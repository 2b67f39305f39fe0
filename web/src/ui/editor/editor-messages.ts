import { formatFileSize } from '@web/lib/file-size';

/** Images the editor takes; the board sets the size limit and the server checks the real type again. */
export const EDITOR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const editorMessages = {
  placeholder: '내용을 입력해주세요.',
  toolbar: '서식 도구',
  imageUploading: (name: string) => `이미지를 올리는 중입니다: ${name}`,
  // The file name stands in as the image's description until the writer gives a better one.
  imageUploaded: (name: string) => `이미지를 넣었습니다: ${name}. 이미지를 선택하고 도구 모음의 ALT(이미지 설명 입력)로 설명을 적어주세요.`,
  imageFailed: '이미지를 올리지 못했습니다. 잠시 후 다시 시도해주세요.',
  imageType: (name: string) => `${name}: PNG, JPG, GIF, WEBP 이미지만 넣을 수 있습니다.`,
  imageSize: (name: string, maxBytes: number) => `${name}: 이미지는 ${formatFileSize(maxBytes)} 이하만 넣을 수 있습니다.`,
  linkLabel: '링크 주소',
  linkInvalid: 'http:// 또는 https:// 로 시작하는 주소나, 이 누리집의 주소(/로 시작)를 입력해주세요.',
  videoLabel: '동영상 주소 (YouTube, Vimeo, 네이버TV, 카카오TV)',
  videoInvalid: 'YouTube, Vimeo, 네이버TV, 카카오TV 동영상 주소만 넣을 수 있습니다.',
  altLabel: '이미지 설명 (대체 텍스트)',
  captionLabel: '표 제목 (캡션)',
} as const;

/** Why an image cannot go in, or null. */
export function imageProblem(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number): string | null {
  if (!(EDITOR_IMAGE_TYPES as readonly string[]).includes(file.type)) return editorMessages.imageType(file.name);
  if (file.size > maxBytes) return editorMessages.imageSize(file.name, maxBytes);
  return null;
}
