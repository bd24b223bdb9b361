/**
 * What the home page knows of Battle of Durak before its client loads: its name (a proper name, the
 * same in every language), and no pages of its own yet. Imports nothing: it is in the home chunk.
 */
export const durakMeta = {
  id: 'durak',
  name: () => 'Battle of Durak',
  links: () => [],
};
