// Preloaded (NODE_OPTIONS=--require) into a server by tests/redis.test.ts: notes in BLAZE_REDIS_LOADS
// each of Redis's modules the process loads (ioredis, RedisPresence, RedisDriver), whoever asks.
const Module = require('node:module');
const { appendFileSync } = require('node:fs');

const file = process.env.BLAZE_REDIS_LOADS;
const REDIS = /(^|\/)ioredis(\/|$)|redis-presence|redis-driver/;
const load = Module._load;
Module._load = function (request, ...rest) {
  if (file && REDIS.test(request)) appendFileSync(file, `${request}\n`);
  return load.call(this, request, ...rest);
};
