const SITE = '인체이식형 의료기기 환자등록사업';

/** The e-mail an inquirer gets when an administrator answers (issue 4). */
export function answerEmail(input: { title: string; question: string; answer: string }): { subject: string; text: string } {
  const question = input.question.length > 1000 ? `${input.question.slice(0, 1000)}…` : input.question;
  return {
    subject: `[${SITE}] 문의하신 내용에 답변이 등록되었습니다`,
    text: [
      `안녕하세요. ${SITE} 누리집입니다.`,
      '',
      '문의하신 내용에 대한 답변을 알려드립니다.',
      '',
      `■ 문의 제목: ${input.title}`,
      '',
      '■ 문의 내용',
      question,
      '',
      '■ 답변',
      input.answer,
      '',
      '이 메일은 발신 전용입니다. 추가 문의는 누리집의 문의하기를 이용해주세요.',
    ].join('\n'),
  };
}
