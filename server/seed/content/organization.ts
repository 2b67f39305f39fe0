import type { OrganizationBody } from '@contract';

/**
 * 조직도 (/nids/organization): the units from the head of the institution down to the programme's
 * teams, each with its head, duties and phone numbers (none listed today: calls go through the main
 * number in the settings), and the committees beside the chart.
 */
export const organizationBody: OrganizationBody = {
  type: 'organization',
  lead: '실선은 지휘·보고 관계를, 점선 상자는 심의·자문 기구를 나타냅니다. 각 상자에도 그 구분을 글자로 함께 적었습니다.',
  units: [
    // The chart shows the operator's name (from the settings) beside the head.
    { level: 'head', name: '원장', head: '', tasks: [], phones: [] },
    { level: 'division', name: '의료기기안전본부', head: '', tasks: [], phones: [] },
    { level: 'office', name: '환자등록사업단', head: '사업단장', tasks: ['환자등록사업 총괄과 대외 협력', '운영위원회·자문위원회 운영'], phones: [] },
    {
      level: 'team',
      name: '등록관리팀',
      summary: '의료기관 참여·등록 관리',
      head: '',
      tasks: ['참여 의료기관 모집과 협약 관리', '의료기관 등록 담당자 계정 승인과 교육', '등록 자료 검증과 품질 관리', '추적 관찰 일정 안내와 미등록 자료 확인'],
      phones: [],
    },
    {
      level: 'team',
      name: '데이터분석팀',
      summary: '등록 자료 분석·보고서 발간',
      head: '',
      tasks: ['등록 현황과 품목별 안전성 통계 분석', '재수술률 등 장기 안전성 지표 개발과 평가', '연차보고서 발간', '공익 연구를 위한 가명정보 제공 심의 지원'],
      phones: [],
    },
    {
      level: 'team',
      name: '안전정보팀',
      summary: '회수·안전성 정보 대응',
      head: '',
      tasks: ['국내외 회수·안전성 서한 모니터링', '대상 환자 확인과 시술 의료기관 통보', '이상사례 분석과 안전성 정보 게시', '제조·수입업체와의 안전 정보 공유'],
      phones: [],
    },
    {
      level: 'team',
      name: '시스템운영팀',
      summary: '등록시스템·정보보호 운영',
      head: '',
      tasks: ['환자등록시스템과 누리집 운영·유지보수', '의료기기 고유식별코드(UDI) 등 외부 시스템 연계', '개인정보 보호와 정보보안 관리', '시스템 이용 문의(헬프데스크) 대응'],
      phones: [],
    },
  ],
  committees: [
    {
      name: '운영위원회',
      kind: '심의',
      members: '관계 기관, 임상 학회, 환자 단체 추천 위원',
      role: '사업 운영계획, 등록 대상 품목과 등록 항목, 등록 자료 제공 등 주요 사항을 심의합니다.',
    },
    {
      name: '자문위원회',
      kind: '자문',
      members: '진료 분야별 임상 전문가, 통계·법률·정보보호 전문가',
      role: '품목별 추적 관찰 기준, 분석 방법, 개인정보 보호 방안 등 전문 분야에 대하여 자문합니다.',
    },
  ],
  committeesLead: '사업 운영의 공정성과 전문성을 높이기 위하여 외부 전문가가 참여하는 위원회를 두고 있습니다.',
  contactLead: '부서별 문의는 대표전화로 연락하시면 담당 부서로 연결해 드립니다.',
};
