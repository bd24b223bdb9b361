/** Strings of the replay viewer (日本語). */
import type { ReplayMessages } from './replay.en.js';

export const replayJa: ReplayMessages = {
  'replay.title': '卓 {table} のゲーム {game} のリプレイ',
  'replay.loading': 'ゲームを読み込み中…',
  'replay.missing': 'そのIDの終了したゲームはありません。',
  'replay.broken': 'この記録は再生できません: {reason}',
  'replay.first': '最初',
  'replay.back': '戻る',
  'replay.forward': '進む',
  'replay.last': '最後',
  'replay.play': '再生',
  'replay.pause': '一時停止',
  'replay.speed': '速さ',
  'replay.step': '{total} 手中 {n} 手目',
  'replay.jump': '移動',
  'replay.round': 'ラウンド {round}',
  'replay.challenge': 'ラウンド {round}・チャレンジ {n}',
  'replay.view': '表示',
  'replay.public': '公開情報のみ',
  'replay.open': '全員の手札を表示',
  'replay.hands': '手札',
  'replay.share': 'リンクをコピー',
  'replay.copied': 'リンクをコピーしました',
  'replay.button': 'リプレイ',
};
