import { useState } from 'react';
import { alumniMessages, type AlumniRecord } from '@contract';
import { useDeleteAlumni } from '../api/save-alumni';
import { Dialog, DialogActions, DialogFailure } from '@web/ui/Dialog';

/** 삭제 확인: deleting is for good (staff data), so it is asked once more, naming the person. */
export function AlumniDeleteDialog({ record, onClose, onDeleted }: {
  record: AlumniRecord | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteAlumni();
  const [failure, setFailure] = useState('');

  async function confirm() {
    if (!record || remove.isPending) return;
    setFailure('');
    try {
      await remove.mutateAsync(record.id);
      onDeleted(alumniMessages.deleted);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : '삭제하지 못했습니다.');
    }
  }

  return (
    <Dialog open={record !== null} title="주소록 삭제" onClose={onClose}>
      <p>
        <strong>{record?.name}</strong>
        {record?.organization ? ` (${record.organization})` : ''} 님을 주소록에서 삭제할까요? 삭제하면 되돌릴 수 없습니다.
      </p>
      <DialogFailure message={failure} />
      {/* The safe choice first: the dialog opens with the focus on 취소, so Enter does not delete. */}
      <DialogActions onCancel={onClose} busy={remove.isPending} actionLabel="삭제" busyLabel="삭제 중…" danger onAction={() => void confirm()} />
    </Dialog>
  );
}
