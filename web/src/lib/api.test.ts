import { describe, expect, it } from 'vitest';
import { messages } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiErrorOf, endpoint, errorCodeOf, fileNameFromDisposition, networkError, refusedField } from './api';

describe('endpoint', () => {
  it('takes the method from the entry and fills in its path parameters, each encoded', () => {
    expect(endpoint(endpointRoutes.boardItem.update, { boardCode: 'a b/c', itemNo: 7 })).toEqual({
      id: 'boardItem.update',
      method: 'PATCH',
      path: '/api/board-item/a%20b%2Fc/7',
    });
    expect(endpoint(endpointRoutes.board.menu)).toEqual({ id: 'board.menu', method: 'GET', path: '/api/board' });
  });

  it('names the parameters from the path: a missing or unknown one does not type-check', () => {
    // @ts-expect-error itemNo is missing
    expect(() => endpoint(endpointRoutes.boardItem.view, { boardCode: 'notice' })).toThrow(/:itemNo/);
    // @ts-expect-error the path has no parameters at all
    endpoint(endpointRoutes.boardItem.list, { boardCode: 'notice' });
    // @ts-expect-error the entry's parameter is :id
    expect(() => endpoint(endpointRoutes.user.get, { userId: 1 })).toThrow(/:id/);
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 UTF-8 name (Korean file names)', () => {
    const header = `attachment; filename="____________2026-05-01.xlsx"; filename*=UTF-8''${encodeURIComponent('공지사항_2026-05-01.xlsx')}`;
    expect(fileNameFromDisposition(header)).toBe('공지사항_2026-05-01.xlsx');
  });

  it('falls back to the plain name, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename="report 1.xlsx"')).toBe('report 1.xlsx');
    expect(fileNameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameFromDisposition(`attachment; filename="plain.xlsx"; filename*=UTF-8''%E0%A4%A`)).toBe('plain.xlsx');
  });

  it('gives null when there is no name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('apiErrorOf', () => {
  it('a server failure shows its message and the request id to quote (issue 12)', () => {
    const err = apiErrorOf(500, { code: 'INTERNAL_ERROR', message: messages.internalError, requestId: 'nginx-abc.123' });
    expect(err.status).toBe(500);
    expect(err.code).toBe('INTERNAL_ERROR');
    expect(err.message).toBe(`${messages.internalError} 문제가 계속되면 오류 번호를 알려 주세요: nginx-abc.123`);
    expect(err.requestId).toBe('nginx-abc.123');
  });

  it('a client mistake keeps the server message as it is; an answer without a body is an internal error', () => {
    const mistake = apiErrorOf(400, { code: 'BAD_REQUEST', message: '요청 값이 올바르지 않습니다.', requestId: 'ignored' });
    expect(mistake.message).toBe('요청 값이 올바르지 않습니다.');
    expect(mistake.requestId).toBeUndefined();
    const bare = apiErrorOf(502, null);
    expect(bare.code).toBe('INTERNAL_ERROR');
    expect(bare.message).toBe(messages.internalError);
  });

  it('keeps the field a refusal names, and reads a code outside the contract as a server failure', () => {
    const refused = apiErrorOf(409, { code: 'CONFLICT', message: '이미 있는 게시판 코드입니다.', field: 'boardCode' });
    expect([refused.code, refused.field]).toEqual(['CONFLICT', 'boardCode']);
    expect(refusedField(refused)).toBe('boardCode');
    expect(refusedField(apiErrorOf(400, { code: 'BAD_REQUEST', message: '요청 값이 올바르지 않습니다.' }))).toBeNull();
    expect(refusedField(new Error('x'))).toBeNull();
    // A proxy's or an older server's own code is not one a screen may act on.
    expect(apiErrorOf(400, { code: 'SOMETHING_ELSE', message: 'x' }).code).toBe('INTERNAL_ERROR');
    expect(errorCodeOf(networkError())).toBe('NETWORK_ERROR');
    expect(errorCodeOf('x')).toBeNull();
  });
});
