import { Node, type KeyboardShortcutCommand } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { pageClassAttribute } from './page-html';

/**
 * Description lists as the information pages write them (issue 22): `<dl class="info-facts">`
 * of groups `<div><dt>term</dt><dd>text</dd></div>` (ui/content/info-body.css lays each group out as a row).
 * Terms and descriptions are one line of text each. Enter in a term goes to its description;
 * Enter in a description starts the next group, and in an empty last group leaves the list;
 * Backspace in an empty group removes it.
 */

export const DescriptionList = Node.create({
  name: 'descriptionList',
  group: 'block',
  content: 'descriptionGroup+',

  addAttributes() {
    return { class: pageClassAttribute() };
  },

  parseHTML() {
    return [{ tag: 'dl' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['dl', HTMLAttributes, 0];
  },

  addKeyboardShortcuts() {
    return { Enter: enterInDescriptionList, Backspace: backspaceInDescriptionList };
  },
});

export const DescriptionGroup = Node.create({
  name: 'descriptionGroup',
  content: 'descriptionTerm+ descriptionDetails+',
  defining: true,

  parseHTML() {
    // The group's <div> has no class; a classed <div> is a layout block (layout-block.ts).
    return [{ tag: 'div', context: 'descriptionList/' }];
  },

  renderHTML() {
    return ['div', 0];
  },
});

export const DescriptionTerm = Node.create({
  name: 'descriptionTerm',
  content: 'inline*',
  defining: true,

  parseHTML() {
    return [{ tag: 'dt' }];
  },

  renderHTML() {
    return ['dt', 0];
  },
});

export const DescriptionDetails = Node.create({
  name: 'descriptionDetails',
  content: 'inline*',
  defining: true,

  parseHTML() {
    return [{ tag: 'dd' }];
  },

  renderHTML() {
    return ['dd', 0];
  },
});

const enterInDescriptionList: KeyboardShortcutCommand = ({ editor }) => {
  const { $from, empty } = editor.state.selection;
  const here = $from.parent.type.name;
  if (!empty || (here !== 'descriptionTerm' && here !== 'descriptionDetails')) return false;
  return editor.commands.command(({ tr, state, dispatch }) => {
    if (here === 'descriptionTerm') {
      // Into the next term or description of the group, at its start.
      if (dispatch) tr.setSelection(TextSelection.create(tr.doc, $from.after() + 1));
      return true;
    }
    const group = $from.node(-1);
    const groupStart = $from.before(-1);
    const groupEnd = $from.after(-1);
    const list = $from.node(-2);
    const listStart = $from.before(-2);
    const listEnd = $from.after(-2);
    const paragraph = state.schema.nodes.paragraph!.create();
    if (group.textContent === '' && $from.index(-2) === list.childCount - 1) {
      // An empty last group: Enter leaves the list, as it leaves an empty last list item.
      if (!dispatch) return true;
      if (list.childCount === 1) {
        tr.replaceWith(listStart, listEnd, paragraph);
        tr.setSelection(TextSelection.create(tr.doc, listStart + 1));
      } else {
        tr.insert(listEnd, paragraph);
        tr.delete(groupStart, groupEnd);
        tr.setSelection(TextSelection.create(tr.doc, listEnd - group.nodeSize + 1));
      }
      return true;
    }
    const next = group.type.createAndFill();
    if (!next) return false;
    if (dispatch) {
      tr.insert(groupEnd, next);
      tr.setSelection(TextSelection.create(tr.doc, groupEnd + 2));
    }
    return true;
  });
};

const backspaceInDescriptionList: KeyboardShortcutCommand = ({ editor }) => {
  const { $from, empty } = editor.state.selection;
  const here = $from.parent.type.name;
  if (!empty || $from.parentOffset > 0 || (here !== 'descriptionTerm' && here !== 'descriptionDetails')) return false;
  const group = $from.node(-1);
  return editor.commands.command(({ tr, dispatch }) => {
    if ($from.index(-1) > 0) {
      // At the start of a description: to the end of the text before it, in the same group.
      if (dispatch) tr.setSelection(TextSelection.create(tr.doc, $from.before() - 1));
      return true;
    }
    // At the start of a group's term: an empty group goes (the list's last one takes the list
    // with it, leaving a paragraph); any other stays as it is.
    if (group.textContent !== '') return true;
    if (!dispatch) return true;
    const list = $from.node(-2);
    const groupStart = $from.before(-1);
    if (list.childCount === 1) {
      const listStart = $from.before(-2);
      tr.replaceWith(listStart, $from.after(-2), editor.schema.nodes.paragraph!.create());
      tr.setSelection(TextSelection.create(tr.doc, listStart + 1));
    } else {
      tr.delete(groupStart, $from.after(-1));
      tr.setSelection(TextSelection.near(tr.doc.resolve(Math.max(groupStart - 1, 0)), -1));
    }
    return true;
  });
};
