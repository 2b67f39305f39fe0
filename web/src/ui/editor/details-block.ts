import { Node, findParentNode } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { editableAs, pageClassAttribute, pageClassesOf } from './page-html';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    details: {
      /** Adds a question after the one at the cursor, shaped like it (its classes, its answer box), and puts the cursor in it. */
      addQuestionAfter: () => ReturnType;
      /** Removes the question at the cursor with its answer. */
      deleteQuestion: () => ReturnType;
    };
  }
}

/**
 * A `<div>` with a page class (issue 22): the information pages' FAQ wraps its questions in
 * `<div class="info-faq">` and each answer in `<div class="info-faq__answer">`. A div without
 * one is not kept (pasted text arrives in many), nor is the group div of a description list
 * (description-list.ts).
 */
export const LayoutBlock = Node.create({
  name: 'layoutBlock',
  group: 'block',
  content: 'block+',
  defining: true,

  addAttributes() {
    return { class: pageClassAttribute() };
  },

  parseHTML() {
    return [{ tag: 'div', getAttrs: (element) => (pageClassesOf(element) ? null : false) }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['div', HTMLAttributes, 0];
  },
});

/**
 * A question that opens (`<details><summary>question</summary>answer</details>`), written closed
 * as the pages have it. While writing it is always open, a box with the question in bold above
 * its answer: both are text to edit, and a live <details> would fold the answer away and take a
 * Space typed in the question as a toggle. Enter in the question goes to the answer.
 */
export const Details = Node.create({
  name: 'details',
  group: 'block',
  content: 'detailsSummary block+',
  defining: true,

  addAttributes() {
    return { class: pageClassAttribute() };
  },

  parseHTML() {
    return [{ tag: 'details' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['details', HTMLAttributes, 0];
  },

  addNodeView() {
    return editableAs('div', 'editor-details');
  },

  addCommands() {
    return {
      addQuestionAfter:
        () =>
        ({ state, tr, dispatch }) => {
          const current = findParentNode((node) => node.type.name === this.name)(state.selection);
          if (!current) return false;
          const question = emptyQuestionLike(current.node);
          if (!question) return false;
          if (dispatch) {
            const at = current.pos + current.node.nodeSize;
            tr.insert(at, question);
            // Into the new question's text: past <details> and <summary>.
            tr.setSelection(TextSelection.create(tr.doc, at + 2)).scrollIntoView();
          }
          return true;
        },
      deleteQuestion:
        () =>
        ({ state, tr, dispatch }) => {
          const current = findParentNode((node) => node.type.name === this.name)(state.selection);
          if (!current) return false;
          if (dispatch) {
            // The last question of a FAQ box takes the box with it.
            const $question = state.doc.resolve(current.pos);
            const alone = current.depth > 1 && $question.parent.type.name === 'layoutBlock' && $question.parent.childCount === 1;
            const pos = alone ? $question.before() : current.pos;
            const node = alone ? $question.parent : current.node;
            tr.delete(pos, pos + node.nodeSize);
            const $at = tr.doc.resolve(Math.min(pos, tr.doc.content.size));
            tr.setSelection(TextSelection.near($at, -1)).scrollIntoView();
          }
          return true;
        },
    };
  },
});

/** A new, empty question with the same classes as `model`, its answer in the same kind of box. */
function emptyQuestionLike(model: ProseMirrorNode): ProseMirrorNode | null {
  const schema = model.type.schema;
  const summary = model.firstChild;
  const answer = model.maybeChild(1);
  const paragraph = schema.nodes.paragraph!.create();
  const body = answer?.type.name === 'layoutBlock' ? answer.type.create(answer.attrs, paragraph) : paragraph;
  const question = schema.nodes.detailsSummary!.create(summary?.attrs ?? null);
  return model.type.createChecked(model.attrs, [question, body]);
}

export const DetailsSummary = Node.create({
  name: 'detailsSummary',
  content: 'inline*',
  defining: true,

  addAttributes() {
    return { class: pageClassAttribute() };
  },

  parseHTML() {
    return [{ tag: 'summary' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['summary', HTMLAttributes, 0];
  },

  addNodeView() {
    return editableAs('div', 'editor-details__summary');
  },

  addKeyboardShortcuts() {
    return {
      // The question is one line: Enter goes on to the start of its answer.
      Enter: ({ editor }) => {
        const { $from, empty } = editor.state.selection;
        if (!empty || $from.parent.type.name !== this.name) return false;
        return editor.commands.command(({ tr, dispatch }) => {
          if (dispatch) tr.setSelection(TextSelection.near(tr.doc.resolve($from.after()), 1));
          return true;
        });
      },
    };
  },
});
