export * from './logFields.js';
export * from './messages.js';
