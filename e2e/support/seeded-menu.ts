import { headerGroups, type MenuGroup, type MenuLink } from '@web/app/menu';
import { headerMenuSeed } from '@server/modules/menu/seed';
import { publicMenu } from '@server/modules/menu/tree';
import { seedBoards } from '@server/seed/base';
import { faqBoard } from '@server/seed/faq';

/**
 * The header menu a new site shows (issue 22: the menu is data, seeded with spec §2's), as the
 * header draws it: the server's seed with the seeded boards' paths, through the header's own
 * grouping. Every link of it is a screen of this site.
 */
const boards = [...seedBoards, faqBoard].map((b) => ({ boardCode: b.boardCode, area: b.area, name: b.name, listStyle: b.listStyle ?? 'list', sortOrder: b.sortOrder ?? 0 }));
export const seededMenu: (Omit<MenuGroup, 'links'> & { links: (MenuLink & { to: string })[] })[] = headerGroups(publicMenu(1, headerMenuSeed, boards).items).map((group) => ({
  ...group,
  links: group.links.map((link) => ({ ...link, to: link.to! })),
}));
