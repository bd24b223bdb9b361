export * from './gameRecord.js';
export * from './logFields.js';
export * from './messages.js';
export * from './wire.js';
