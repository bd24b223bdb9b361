/**
 * What the home page knows of Bla5t before its client loads: its name (a proper name, the same in
 * every language) and no pages of its own yet. Imports nothing: it is in the home chunk.
 */
export const bla5tMeta = {
  id: 'bla5t',
  name: () => 'Bla5t',
  links: () => [],
};
