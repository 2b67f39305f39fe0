import { paths } from './paths';

/**
 * The fixed screens a guest reads, with the title each shows (its `<h1>` and `<title>`) and a
 * description. One list for the web app and for the HTML the server sends: link previews and
 * search engines read that HTML without running scripts, so it carries the same title and a
 * description of its own (issue 11). Free of zod, as every module a reader screen imports.
 */
export interface FixedScreen {
  path: string;
  title: string;
  description: string;
}

export const fixedScreens = {
  home: {
    path: paths.home,
    title: '홈',
    description: '인체이식형 의료기기 환자등록사업 누리집: 공지사항, 자료실, 환자등록 안내',
  },
  nidsIntro: {
    path: paths.nidsIntro,
    title: '사업 소개',
    description:
      '인체이식형 의료기기 환자등록사업은 몸속에 이식되는 의료기기와 그 기기를 이식받은 환자의 정보를 등록·관리하여, 문제가 생겼을 때 환자를 신속하게 보호하기 위한 국가 안전관리 사업입니다.',
  },
  nidsAbout: {
    path: paths.nidsAbout,
    title: '등록사업 안내',
    description: '이식형 의료기기 환자등록이 어떤 절차로 이루어지는지, 어떤 정보를 등록하고 어떻게 보호하는지 안내해 드립니다.',
  },
  nidsHistory: {
    path: paths.nidsHistory,
    title: '연혁',
    description: '정책연구와 시범사업에서 출발하여 국가 환자등록 체계로 자리 잡기까지, 환자등록사업이 걸어온 길입니다.',
  },
  nidsOrganization: {
    path: paths.nidsOrganization,
    title: '조직도',
    description:
      '환자등록사업단은 등록 관리, 데이터 분석, 안전 정보, 시스템 운영의 4개 팀으로 구성되어 있으며, 운영위원회와 자문위원회의 심의·자문을 받아 사업을 운영합니다.',
  },
  registSite: {
    path: paths.registSite,
    title: '환자등록시스템 안내',
    description: '환자등록시스템은 의료기관 등록 담당자가 이식형 의료기기를 시술한 환자의 정보를 등록하고 추적 관찰 결과를 입력하는 업무 시스템입니다.',
  },
  privacy: {
    path: paths.privacy,
    title: '개인정보처리방침',
    description: '인체이식형 의료기기 환자등록사업 누리집이 처리하는 개인정보의 항목, 목적, 보유 기간과 정보주체의 권리를 알려드립니다.',
  },
  terms: {
    path: paths.terms,
    title: '이용약관',
    description: '인체이식형 의료기기 환자등록사업 누리집의 회원 가입, 서비스 이용, 게시물 관리에 관한 약관입니다.',
  },
} as const satisfies Record<string, FixedScreen>;
