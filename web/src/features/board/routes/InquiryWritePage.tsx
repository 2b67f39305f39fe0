import { InquiryWriteForm } from '../components/InquiryWriteForm';
import { WriteGate } from '../components/WriteGate';
import '@web/ui/form/forms.css';
import '../board.css';

/**
 * `nids/contactus/write/NEW` (spec §2, issue 4): the inquiry form. Its own chunk, without the post
 * editor, so a visitor sending a question does not load it.
 */
export function Component() {
  return <WriteGate fixedBoard={{ area: 'Nids', boardCode: 'contactus' }} form={(props) => <InquiryWriteForm {...props} />} />;
}
