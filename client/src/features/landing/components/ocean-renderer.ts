import {
  AdditiveBlending,
  BufferAttribute,
  BufferGeometry,
  Color,
  PerspectiveCamera,
  Points,
  Scene,
  ShaderMaterial,
  WebGLRenderer,
} from 'three';

const COLUMNS = 140;
const ROWS = 56;
const SPACING = 0.55;

// The swell is computed on the GPU: per frame the CPU only updates the time uniform, so
// the animation costs the main thread next to nothing.
const VERTEX_SHADER = `
  uniform float uTime;
  uniform float uPixelRatio;
  attribute vec3 color;
  varying vec3 vColor;
  void main() {
    vec3 p = position;
    p.y = sin(p.x * 0.32 + uTime * 0.9) * 0.45 + cos(p.z * 0.42 + uTime * 0.6) * 0.35;
    vec4 mvPosition = modelViewMatrix * vec4(p, 1.0);
    gl_PointSize = 3.0 * uPixelRatio * (14.0 / -mvPosition.z);
    gl_Position = projectionMatrix * mvPosition;
    vColor = color;
  }
`;

const FRAGMENT_SHADER = `
  varying vec3 vColor;
  void main() {
    float d = length(gl_PointCoord - vec2(0.5));
    if (d > 0.5) discard;
    gl_FragColor = vec4(vColor, 0.85 * (1.0 - d * 1.2));
  }
`;

export interface OceanRenderer {
  resize(width: number, height: number): void;
  /** Starts or stops the animation loop. */
  setRunning(running: boolean): void;
  dispose(): void;
}

/**
 * A field of points rolling like the Gulf at dusk, drawn on a canvas that may live on the
 * main thread or (transferred) in a worker: this code does not care which.
 */
export function createOceanRenderer(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  pixelRatio: number,
): OceanRenderer {
  const renderer = new WebGLRenderer({
    canvas,
    alpha: true,
    antialias: false,
    powerPreference: 'low-power',
  });
  renderer.setPixelRatio(pixelRatio);
  renderer.setClearColor(0x000000, 0);

  const scene = new Scene();
  const camera = new PerspectiveCamera(55, 1, 0.1, 200);
  camera.position.set(0, 7, 20);
  camera.lookAt(0, 0, -6);

  const count = COLUMNS * ROWS;
  const positions = new Float32Array(count * 3);
  const colors = new Float32Array(count * 3);
  const shallow = new Color('#67e8f9');
  const sand = new Color('#f4d8a8');
  for (let row = 0; row < ROWS; row += 1) {
    for (let column = 0; column < COLUMNS; column += 1) {
      const i = (row * COLUMNS + column) * 3;
      positions[i] = (column - COLUMNS / 2) * SPACING;
      positions[i + 2] = -row * SPACING + 10;
      const mix = shallow.clone().lerp(sand, row / ROWS);
      colors[i] = mix.r;
      colors[i + 1] = mix.g;
      colors[i + 2] = mix.b;
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('color', new BufferAttribute(colors, 3));
  const uniforms = { uTime: { value: 0 }, uPixelRatio: { value: pixelRatio } };
  const material = new ShaderMaterial({
    uniforms,
    vertexShader: VERTEX_SHADER,
    fragmentShader: FRAGMENT_SHADER,
    transparent: true,
    blending: AdditiveBlending,
    depthWrite: false,
  });
  scene.add(new Points(geometry, material));

  let frame = 0;
  let running = false;
  const started = performance.now();
  const render = (now: number) => {
    uniforms.uTime.value = (now - started) / 1000;
    renderer.render(scene, camera);
    frame = requestAnimationFrame(render);
  };

  return {
    resize(width, height) {
      renderer.setSize(Math.max(1, width), Math.max(1, height), false);
      camera.aspect = Math.max(1, width) / Math.max(1, height);
      camera.updateProjectionMatrix();
    },
    setRunning(next) {
      if (next && !running) frame = requestAnimationFrame(render);
      if (!next && running) cancelAnimationFrame(frame);
      running = next;
    },
    dispose() {
      cancelAnimationFrame(frame);
      running = false;
      geometry.dispose();
      material.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
    },
  };
}
