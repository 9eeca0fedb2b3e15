/**
 * What happens next on an order, in one sentence, as the escrow officer and the operator read it
 * at the top of the order page (issue 30): the status says where the order is, this says who
 * acts next.
 */
export function orderNextStep(order: { status: string; assigned: boolean; filesUploaded: boolean }): string {
  switch (order.status) {
    case 'Open':
      return 'SigningDesk is finding a signing agent.';
    case 'Pending':
      return 'A signing agent has answered; SigningDesk is confirming the assignment.';
    case 'Scheduled':
      return order.filesUploaded
        ? 'The documents are ready; the signing agent meets the signer.'
        : 'Upload the documents, then switch on “All files have been uploaded”.';
    case 'Paused':
      return 'On hold: nothing happens until SigningDesk resumes the order.';
    case 'Completed':
      return 'The signing is done.';
    case 'Canceled':
      return 'Canceled: nothing more happens on this order.';
    default:
      return order.assigned ? 'The signing agent is assigned.' : 'No signing agent yet.';
  }
}
