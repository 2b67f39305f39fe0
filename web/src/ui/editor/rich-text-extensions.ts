import { Extension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { DescriptionDetails, DescriptionGroup, DescriptionList, DescriptionTerm } from './description-list';
import { Details, DetailsSummary, LayoutBlock } from './details-block';
import { EditorImage } from './editor-image';
import { editorMessages } from './editor-messages';
import { pageClassAttribute } from './page-html';
import { PageLink } from './page-link';
import { PageListItem } from './page-list-item';
import { KeptCode, PageSpan } from './page-marks';
import { PageTable, ScopedTableHeader } from './page-table';
import { VideoEmbed } from './video-embed';

/** The page classes (contract/content-values.ts) on StarterKit's own blocks; the page extensions declare theirs. */
const PageClasses = Extension.create({
  name: 'pageClasses',
  addGlobalAttributes() {
    return [{ types: ['paragraph', 'heading', 'bulletList', 'orderedList'], attributes: { class: pageClassAttribute() } }];
  },
});

/**
 * The editor's extensions: one list for every editor (posts, pop-ups, the console's content pages)
 * and for the tests that read the HTML it writes (rich-text-round-trip.test.tsx). Besides what the
 * posts' toolbar makes, it keeps what the information and terms pages are written with (issue 22):
 * their classes, description lists, questions that open, table captions, inline code and spans.
 * A post without those comes out as it did before they were added.
 */
export const richTextExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    link: false,
    listItem: false,
    // The paragraph added after a last table or picture, so there is somewhere to type, is not
    // needed after a list, which Enter leaves; a page may end with one (the privacy policy does).
    trailingNode: { notAfter: ['bulletList', 'orderedList', 'descriptionList'] },
  }),
  PageClasses,
  PageListItem,
  PageLink,
  KeptCode,
  PageSpan,
  EditorImage.configure({ inline: false, allowBase64: false }),
  TableKit.configure({ table: false, tableHeader: false }),
  PageTable,
  ScopedTableHeader,
  DescriptionList,
  DescriptionGroup,
  DescriptionTerm,
  DescriptionDetails,
  LayoutBlock,
  Details,
  DetailsSummary,
  Placeholder.configure({ placeholder: editorMessages.placeholder }),
  VideoEmbed,
];
