/** A link that opens a WhatsApp chat with `number` (any formatting), the message already typed. */
export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
