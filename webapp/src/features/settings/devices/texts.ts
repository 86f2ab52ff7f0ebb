/** Texts of the devices part of Settings (docs/contract.md §14.4b). */
export const DEVICES_FAILED = "We couldn't load your devices"
export const DEVICES_EMPTY = 'No devices yet.'
export const DEVICE_RENAMED = 'Device renamed'
export const DEVICE_REMOVED = 'Device removed successfully'
export const THIS_DEVICE = 'This device'
