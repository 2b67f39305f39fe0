import './zod-ko';
export * from './envelope';
export * from './site-setting';
export * from './board';
export * from './messages';
export * from './paths';
export * from './account';
export * from './board-write';
