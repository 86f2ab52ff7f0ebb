// The part of antd's stylesheet that the first screens of /home and /transfer do not use
// (build-plugins/antdStyles.ts). Loaded through app/antdStyles.ts.
import 'virtual:antd-styles/rest.css'
