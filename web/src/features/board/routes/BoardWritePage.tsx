import { InquiryWriteForm } from '../components/InquiryWriteForm';
import { PostWriteForm } from '../components/PostWriteForm';
import { WriteGate } from '../components/WriteGate';
import '@web/ui/form/forms.css';
import '../board.css';

/**
 * `:area/:boardCode/Write/NEW` and `Write/{itemNo}` (issue 4): the post editor. This screen's chunk
 * is the only one that carries the editor (TipTap).
 */
export function Component() {
  return (
    <WriteGate
      form={(props) => (props.board.listStyle === 'inquiry' ? <InquiryWriteForm {...props} /> : <PostWriteForm {...props} />)}
    />
  );
}
