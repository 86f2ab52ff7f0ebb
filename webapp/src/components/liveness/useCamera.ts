/**
 * The front camera for a selfie: a live stream while `on`, stopped otherwise (and on unmount).
 * `unavailable` when the browser has no camera API, no camera, or the customer refused it:
 * the step then offers a photo file instead (headless browsers in tests have no camera).
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export type CameraState = 'starting' | 'on' | 'unavailable'

/** Pages served without TLS (or jsdom) have no `mediaDevices`. */
const hasCameraApi = () => typeof navigator.mediaDevices?.getUserMedia === 'function'

export function useCamera(on: boolean) {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<CameraState>(() => (hasCameraApi() ? 'starting' : 'unavailable'))

  useEffect(() => {
    if (!on || !hasCameraApi()) return
    let live = true
    let stream: MediaStream | null = null
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
      .then((opened) => {
        stream = opened
        if (!live) return opened.getTracks().forEach((track) => track.stop())
        if (video.current) video.current.srcObject = opened
        setState('on')
      })
      .catch(() => live && setState('unavailable'))
    return () => {
      live = false
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [on])

  /** The frame on screen as a JPEG data URL, mirrored back to how the camera saw it. */
  const capture = useCallback((): string | null => {
    const frame = video.current
    if (!frame || !frame.videoWidth) return null
    const canvas = document.createElement('canvas')
    canvas.width = frame.videoWidth
    canvas.height = frame.videoHeight
    canvas.getContext('2d')?.drawImage(frame, 0, 0)
    return canvas.toDataURL('image/jpeg', 0.9)
  }, [])

  return { video, state, capture }
}
