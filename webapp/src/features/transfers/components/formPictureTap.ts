/**
 * A tap on the transfer form's picture (TransferFormPicture), kept for the real form: on a slow
 * phone the picture can be on screen for a second or two, and a customer who taps "Amount"
 * in that time should find the amount field focused once the form has arrived, not have to
 * tap again. One tap is kept (the last one), and the form takes it once, as it mounts.
 */
let tapped: string | null = null

/** The field under (x, y) among the picture's `[data-field]` items, if any. The picture is
 * inert, so the tap reaches its container, not the item: the item is found by where it is. */
export function fieldAt(picture: Element, x: number, y: number): string | null {
  for (const item of picture.querySelectorAll<HTMLElement>('[data-field]')) {
    const box = item.getBoundingClientRect()
    if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return item.dataset.field ?? null
  }
  return null
}

export function keepTap(field: string | null) {
  tapped = field
}

/** The field tapped on the picture, once: the next call answers null. */
export function takeTap(): string | null {
  const field = tapped
  tapped = null
  return field
}
