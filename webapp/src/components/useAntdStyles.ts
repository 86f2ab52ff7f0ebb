/**
 * antd's styles for whatever draws antd's markup: the first screens' part
 * (build-plugins/antdStyles.ts) with our contrast fixes at once, the rest once the browser is
 * idle (lib/antdStyles.ts). The signed-in shell uses it (its pages draw antd's markup without
 * antd, components/plain/), and so does AntdProviders (the pages outside the shell).
 */
import { useEffect } from 'react'
import { loadAntdRestStylesWhenIdle } from '../lib/antdStyles'
import 'virtual:antd-styles/first-screen.css'
import './antdContrast.css'

export function useAntdStyles(): void {
  useEffect(loadAntdRestStylesWhenIdle, [])
}
