export * from './accounts.js';
export * from './auth.js';
export * from './catalogue.js';
export * from './imports.js';
export * from './mail.js';
export * from './reader.js';
export * from './search.js';
export * from './system.js';
