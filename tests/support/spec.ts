/** Lists SPEC gives verbatim that more than one test checks. */

/** SPEC §2: the relocation page's twelve city cards, in this order. */
export const relocationCardIds = [
  'raleigh',
  'cary',
  'apex',
  'holly-springs',
  'fuquay-varina',
  'garner',
  'knightdale',
  'wake-forest',
  'wendell',
  'zebulon',
  'rolesville',
  'youngsville',
] as const;
