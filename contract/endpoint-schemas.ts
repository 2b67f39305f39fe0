// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { successEnvelope, errorEnvelope } from './envelope';
import type { EndpointId } from './endpoints';
import { adminSiteSetting, siteAuthentication, siteInfo, siteSettingPatch } from './site-setting';
import { board, boardItem, boardItemListQuery, boardItemPage, boardItemParams } from './board';
import {
  boardItemComment, boardItemCommentCreateRequest, boardItemCommentListQuery, boardItemCommentPage, boardItemCommentParams,
  boardItemCommentUpdateRequest, boardItemCreateRequest, boardItemDeleteResponse, boardItemExportQuery, boardItemUpdateRequest,
  editorImageQuery, uploadedFile, uploadUrlQuery, uploadUrlResponse,
} from './board-write';
import { boardMessages } from './board-messages';
import {
  captchaChallenge, changePasswordRequest, changeUserKeyRequest, checkExistsRequest, checkExistsResponse, findIdRequest, findIdResponse,
  keyCheckRequest, keyConfirmRequest, patchUserRequest, refreshRequest, resetPasswordRequest, resetPasswordTokenRequest,
  resetPasswordTokenResponse, retireRequest, signinRequest, signupRequest, signupResponse, tokenPair, userDetail, userIdParams,
  userKeyTokenResponse,
} from './account';
import {
  alumniCreateBody, alumniCreated, alumniExportBody, alumniIdParams, alumniImportBody, alumniImportPreview, alumniImportPreviewBody,
  alumniImportReport, alumniListQuery, alumniPage, alumniPatchBody, alumniUploadUrlBody, alumniUploadUrlResponse,
} from './alumni';
import {
  changeMemberRoleRequest, memberDetail, memberExportRequest, memberIdParams, memberListQuery, memberPage, memberRoleOptions,
  retireMemberRequest, revealMemberRequest,
} from './admin-member';
import {
  twoFactorChangeRequest, twoFactorConfirmRequest, twoFactorEnrolment, twoFactorPasswordRequest, twoFactorRecoveryCodes, twoFactorStatus,
} from './two-factor';
import { createRoleRequest, patchRoleRequest, roleCodeParams, roleList, roleView } from './admin-role';
import { adminBoard, adminBoardCreate, adminBoardList, adminBoardParams, adminBoardPatch, boardMenu } from './admin-board';
import { inquiryDetail, inquiryListQuery, inquiryPage, inquiryParams, inquiryPatch } from './inquiry';
import { accessRecordChainHead, accessRecordExportRequest, accessRecordListQuery, accessRecordPage } from './access-record';
import { adminDashboard } from './admin-dashboard';
import { adminPopup, adminPopupList, popupActiveList, popupActiveQuery, popupCreateRequest, popupIdParams, popupPatchRequest } from './popup';
import {
  adminContentList, adminContentVersionList, adminContentView, contentParams, contentQuery, contentRestoreRequest, contentSaveRequest,
  contentVersionList, contentVersionParams, contentView,
} from './content';
import { menu, menuUpdate } from './menu';
import { memberActivityPage, memberActivityQuery } from './member-activity';
import { visitBeacon, visitExportQuery, visitSeries, visitSeriesQuery, visitTop, visitTopQuery } from './visit-stats';
import { feedbackCommentPage, feedbackCommentQuery, feedbackExportRequest, feedbackRequest, feedbackSummary, feedbackSummaryQuery } from './feedback';
import { adminPopularSearchList, popularSearchHideRequest, popularSearchList, searchAnswer, searchQuery } from './search';

/**
 * The schemas of every entry of contract/endpoints.ts, keyed by its id: what Fastify validates
 * (params, querystring, body) and serialises (response, by status), and what the OpenAPI
 * document shows. Kept apart from the table so that reading the table loads no zod.
 */
export interface EndpointSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
}

const e = errorEnvelope;
/** The refusals most routes can answer. */
const errors = { 400: e, 401: e, 403: e, 404: e };
/** Writing is limited per client address (RATE_LIMIT_WRITE): a caller over it gets 429. */
const writeErrors = { ...errors, 429: e };
const done = successEnvelope(z.object({}));
const boardCodeParams = z.object({ boardCode: z.string().min(1).max(40) });
const fileIdParams = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, '파일 번호가 올바르지 않습니다.') });
const fileQuery = z.object({ download: z.enum(['true', 'false']).optional(), thumbnail: z.enum(['true', 'false']).optional() });
const uploadErrors = { ...errors, 413: e, 429: e };
const userErrors = { ...errors, 409: e, 429: e };
const userKeyErrors = { 400: e, 409: e, 429: e, 502: e };
const sessionErrors = { ...errors, 429: e };
const alumniErrors = { ...errors, 409: e };
const memberAnswer = { 200: successEnvelope(memberDetail), ...errors };
const twoFactorErrors = { ...errors, 409: e, 429: e };
const roleErrors = { ...errors, 409: e };
const siteSettingErrors = { 400: e, 401: e, 403: e };

export const endpointSchemas = {

  'siteSetting.info': { response: { 200: successEnvelope(siteInfo) } },
  'siteSetting.authentication': { response: { 200: successEnvelope(siteAuthentication) } },
  'siteSetting.forAdmin': { response: { 200: successEnvelope(adminSiteSetting), ...siteSettingErrors } },
  'siteSetting.update': { body: siteSettingPatch, response: { 200: successEnvelope(siteInfo), ...siteSettingErrors } },

  'board.menu': { response: { 200: successEnvelope(boardMenu) } },
  'board.get': { params: boardCodeParams, response: { 200: successEnvelope(board), ...errors } },

  'boardItem.list': { querystring: boardItemListQuery, response: { 200: successEnvelope(boardItemPage), ...errors } },
  'boardItem.search': { body: boardItemListQuery, response: { 200: successEnvelope(boardItemPage), ...errors } },
  'boardItem.view': { params: boardItemParams, response: { 200: successEnvelope(boardItem), ...errors } },
  'boardItem.create': { params: boardCodeParams, body: boardItemCreateRequest, response: { 200: successEnvelope(boardItem), ...writeErrors } },
  'boardItem.update': { params: boardItemParams, body: boardItemUpdateRequest, response: { 200: successEnvelope(boardItem), ...writeErrors } },
  'boardItem.remove': { params: boardItemParams, response: { 200: successEnvelope(boardItemDeleteResponse), ...writeErrors } },
  'boardItem.exportData': { params: boardCodeParams, querystring: boardItemExportQuery, response: errors },
  'boardItem.editorImage': { querystring: editorImageQuery, response: { 200: successEnvelope(uploadedFile), ...uploadErrors } },

  'comment.list': { querystring: boardItemCommentListQuery, response: { 200: successEnvelope(boardItemCommentPage), ...errors } },
  'comment.create': { params: boardItemParams, body: boardItemCommentCreateRequest, response: { 200: successEnvelope(boardItemComment), ...writeErrors } },
  'comment.update': {
    params: boardItemCommentParams,
    body: boardItemCommentUpdateRequest,
    response: { 200: successEnvelope(boardItemComment), ...writeErrors },
  },
  'comment.remove': { params: boardItemCommentParams, response: { 200: successEnvelope(z.object({ id: z.number().int() })), ...writeErrors } },

  'file.get': { params: fileIdParams, querystring: fileQuery, response: errors },
  'file.thumbnail': { params: fileIdParams, response: errors },
  'file.uploadUrl': { querystring: uploadUrlQuery, response: { 200: successEnvelope(uploadUrlResponse), ...uploadErrors } },
  'file.boardUploadUrl': { querystring: uploadUrlQuery, response: { 200: successEnvelope(uploadUrlResponse), ...uploadErrors } },
  'file.upload': {
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, boardMessages.uploadUrlInvalid) }),
    response: { 200: successEnvelope(uploadedFile), ...uploadErrors },
  },

  'captcha.challenge': { response: { 200: successEnvelope(captchaChallenge), 429: e } },

  'userKey.checkExists': { body: checkExistsRequest, response: { 200: successEnvelope(checkExistsResponse), ...userKeyErrors } },
  'userKey.check': { body: keyCheckRequest, response: { 200: successEnvelope(userKeyTokenResponse), ...userKeyErrors } },
  // A missing token gets the spec's sentence (§5), not a schema error.
  'userKey.confirm': {
    body: keyConfirmRequest.extend({ userKeyToken: z.string().max(200).optional() }),
    response: { 200: successEnvelope(userKeyTokenResponse), ...userKeyErrors },
  },

  'session.signin': { body: signinRequest, response: { 200: successEnvelope(tokenPair), ...sessionErrors } },
  'session.refresh': { body: refreshRequest, response: { 200: successEnvelope(tokenPair), ...sessionErrors } },
  'session.signout': { body: refreshRequest, response: { 200: done, ...sessionErrors } },

  'user.signup': { body: signupRequest, response: { 200: successEnvelope(signupResponse), ...userErrors } },
  // An empty token gets the account sentence, not a schema error.
  'user.findId': { body: findIdRequest.extend({ userKeyToken: z.string().max(200) }), response: { 200: successEnvelope(findIdResponse), ...userErrors } },
  'user.resetPasswordToken': { body: resetPasswordTokenRequest, response: { 200: successEnvelope(resetPasswordTokenResponse), ...userErrors } },
  'user.resetPassword': { body: resetPasswordRequest.extend({ userToken: z.string().max(200) }), response: { 200: done, ...userErrors } },
  'user.retire': { body: retireRequest, response: { 200: done, ...userErrors } },
  'user.get': { params: userIdParams, response: { 200: successEnvelope(userDetail), ...userErrors } },
  'user.update': { params: userIdParams, body: patchUserRequest, response: { 200: successEnvelope(userDetail), ...userErrors } },
  'user.changePassword': { params: userIdParams, body: changePasswordRequest, response: { 200: done, ...userErrors } },
  'user.changeUserKey': { params: userIdParams, body: changeUserKeyRequest, response: { 200: successEnvelope(userDetail), ...userErrors } },

  'alumni.list': { querystring: alumniListQuery, response: { 200: successEnvelope(alumniPage), ...alumniErrors } },
  'alumni.create': { body: alumniCreateBody, response: { 200: successEnvelope(alumniCreated), ...alumniErrors } },
  'alumni.update': { params: alumniIdParams, body: alumniPatchBody, response: { 200: successEnvelope(alumniCreated), ...alumniErrors } },
  'alumni.remove': { params: alumniIdParams, response: { 200: successEnvelope(alumniCreated), ...alumniErrors } },
  'alumni.exportData': { body: alumniExportBody, response: alumniErrors },
  'alumni.uploadUrl': { body: alumniUploadUrlBody, response: { 200: successEnvelope(alumniUploadUrlResponse), ...alumniErrors, 413: e } },
  'alumni.importPreview': { body: alumniImportPreviewBody, response: { 200: successEnvelope(alumniImportPreview), ...alumniErrors } },
  'alumni.importData': { body: alumniImportBody, response: { 200: successEnvelope(alumniImportReport), ...alumniErrors } },

  'adminMember.list': { querystring: memberListQuery, response: { 200: successEnvelope(memberPage), ...errors } },
  'adminMember.roleOptions': { response: { 200: successEnvelope(memberRoleOptions), ...errors } },
  'adminMember.exportData': { body: memberExportRequest, response: errors },
  'adminMember.get': { params: memberIdParams, response: memberAnswer },
  'adminMember.reveal': { params: memberIdParams, body: revealMemberRequest, response: memberAnswer },
  'adminMember.changeRole': { params: memberIdParams, body: changeMemberRoleRequest, response: memberAnswer },
  'adminMember.lock': { params: memberIdParams, response: memberAnswer },
  'adminMember.unlock': { params: memberIdParams, response: memberAnswer },
  'adminMember.clearLockout': { params: memberIdParams, response: memberAnswer },
  'adminMember.signOut': { params: memberIdParams, response: memberAnswer },
  'adminMember.retire': { params: memberIdParams, body: retireMemberRequest, response: memberAnswer },

  'twoFactor.status': { response: { 200: successEnvelope(twoFactorStatus), ...twoFactorErrors } },
  'twoFactor.enrolment': { body: twoFactorPasswordRequest, response: { 200: successEnvelope(twoFactorEnrolment), ...twoFactorErrors } },
  'twoFactor.confirmation': { body: twoFactorConfirmRequest, response: { 200: successEnvelope(twoFactorRecoveryCodes), ...twoFactorErrors } },
  'twoFactor.recoveryCodes': { body: twoFactorChangeRequest, response: { 200: successEnvelope(twoFactorRecoveryCodes), ...twoFactorErrors } },
  'twoFactor.disable': { body: twoFactorChangeRequest, response: { 200: done, ...twoFactorErrors } },
  'twoFactor.reset': { params: memberIdParams, response: { 200: done, ...twoFactorErrors } },

  'adminRole.list': { response: { 200: successEnvelope(roleList), ...roleErrors } },
  'adminRole.update': { params: roleCodeParams, body: patchRoleRequest, response: { 200: successEnvelope(roleView), ...roleErrors } },
  'adminRole.create': { body: createRoleRequest, response: { 200: successEnvelope(roleView), ...roleErrors } },

  'adminBoard.list': { response: { 200: successEnvelope(adminBoardList), ...errors } },
  'adminBoard.get': { params: adminBoardParams, response: { 200: successEnvelope(adminBoard), ...errors } },
  'adminBoard.create': { body: adminBoardCreate, response: { 200: successEnvelope(adminBoard), 409: e, ...errors } },
  'adminBoard.update': { params: adminBoardParams, body: adminBoardPatch, response: { 200: successEnvelope(adminBoard), ...errors } },

  'inquiry.list': { querystring: inquiryListQuery, response: { 200: successEnvelope(inquiryPage), ...errors } },
  'inquiry.get': { params: inquiryParams, response: { 200: successEnvelope(inquiryDetail), ...errors } },
  'inquiry.update': { params: inquiryParams, body: inquiryPatch, response: { 200: successEnvelope(inquiryDetail), 429: e, ...errors } },

  'accessRecord.list': { querystring: accessRecordListQuery, response: { 200: successEnvelope(accessRecordPage), ...siteSettingErrors } },
  'accessRecord.exportData': { body: accessRecordExportRequest, response: siteSettingErrors },
  'accessRecord.chainHead': { response: { 200: successEnvelope(accessRecordChainHead), ...siteSettingErrors } },

  'adminDashboard.get': { response: { 200: successEnvelope(adminDashboard), 401: e, 403: e } },

  'popup.active': { querystring: popupActiveQuery, response: { 200: successEnvelope(popupActiveList), 400: e } },
  'adminPopup.list': { response: { 200: successEnvelope(adminPopupList), ...errors } },
  'adminPopup.create': { body: popupCreateRequest, response: { 200: successEnvelope(adminPopup), 413: e, ...writeErrors } },
  'adminPopup.update': { params: popupIdParams, body: popupPatchRequest, response: { 200: successEnvelope(adminPopup), 413: e, ...writeErrors } },
  'adminPopup.remove': { params: popupIdParams, response: { 200: successEnvelope(z.object({ id: z.number().int() })), ...writeErrors } },
  'content.get': { params: contentParams, querystring: contentQuery, response: { 200: successEnvelope(contentView), ...errors } },
  'content.versions': { params: contentParams, response: { 200: successEnvelope(contentVersionList), ...errors } },
  'adminContent.list': { response: { 200: successEnvelope(adminContentList), ...errors } },
  'adminContent.save': {
    params: contentParams,
    body: contentSaveRequest,
    response: { 200: successEnvelope(adminContentView), ...errors, 409: e, 413: e, 429: e },
  },
  'adminContent.versions': { params: contentParams, response: { 200: successEnvelope(adminContentVersionList), ...errors } },
  'adminContent.version': { params: contentVersionParams, response: { 200: successEnvelope(adminContentView), ...errors } },
  'adminContent.restore': {
    params: contentVersionParams,
    body: contentRestoreRequest,
    response: { 200: successEnvelope(adminContentView), ...errors, 409: e, 429: e },
  },
  'menu.get': { response: { 200: successEnvelope(menu) } },
  'adminMenu.update': { body: menuUpdate, response: { 200: successEnvelope(menu), 409: e, 429: e, ...errors } },
  'memberActivity.list': { params: userIdParams, querystring: memberActivityQuery, response: { 200: successEnvelope(memberActivityPage), ...errors } },
  // sendBeacon reads no answer: 204 without a body.
  'visit.record': { body: visitBeacon, response: { 204: z.null(), 400: e, 429: e } },
  'visitStats.series': { querystring: visitSeriesQuery, response: { 200: successEnvelope(visitSeries), ...errors } },
  'visitStats.top': { querystring: visitTopQuery, response: { 200: successEnvelope(visitTop), ...errors } },
  'visitStats.exportData': { querystring: visitExportQuery, response: errors },
  'feedback.create': { body: feedbackRequest, response: { 200: successEnvelope(z.object({})), 400: e, 401: e, 409: e, 429: e } },
  'feedback.summary': { querystring: feedbackSummaryQuery, response: { 200: successEnvelope(feedbackSummary), ...errors } },
  'feedback.comments': { querystring: feedbackCommentQuery, response: { 200: successEnvelope(feedbackCommentPage), ...errors } },
  'feedback.exportData': { body: feedbackExportRequest, response: { ...errors, 429: e } },
  'search.query': { querystring: searchQuery, response: { 200: successEnvelope(searchAnswer), 400: e, 401: e } },
  'search.popular': { response: { 200: successEnvelope(popularSearchList) } },
  'adminSearch.popular': { response: { 200: successEnvelope(adminPopularSearchList), ...errors } },
  'adminSearch.hide': { body: popularSearchHideRequest, response: { 200: successEnvelope(adminPopularSearchList), 429: e, ...errors } },
} as const satisfies Record<EndpointId, EndpointSchemas>;
