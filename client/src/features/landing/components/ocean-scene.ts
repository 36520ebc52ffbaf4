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
const MAX_PIXEL_RATIO = 2;

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

/**
 * A field of points rolling like the Gulf at dusk. Runs only while the tab is visible and the
 * canvas is on screen. Returns the function that releases everything it took.
 */
export function startOceanScene(container: HTMLElement): () => void {
  const renderer = new WebGLRenderer({
    alpha: true,
    antialias: false,
    powerPreference: 'low-power',
  });
  const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
  renderer.setPixelRatio(pixelRatio);
  renderer.setClearColor(0x000000, 0);
  const canvas = renderer.domElement;
  canvas.style.position = 'absolute';
  canvas.style.inset = '0';
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  container.appendChild(canvas);

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

  const resize = () => {
    const width = container.clientWidth || 1;
    const height = container.clientHeight || 1;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
  };
  resize();

  let frame = 0;
  let running = false;
  let onScreen = true;
  const started = performance.now();

  const render = (now: number) => {
    uniforms.uTime.value = (now - started) / 1000;
    renderer.render(scene, camera);
    frame = requestAnimationFrame(render);
  };

  const update = () => {
    const shouldRun = onScreen && document.visibilityState === 'visible';
    if (shouldRun && !running) {
      running = true;
      frame = requestAnimationFrame(render);
    } else if (!shouldRun && running) {
      running = false;
      cancelAnimationFrame(frame);
    }
  };

  const visibility = new IntersectionObserver(([entry]) => {
    onScreen = entry?.isIntersecting ?? true;
    update();
  });
  visibility.observe(container);
  const sizes = new ResizeObserver(resize);
  sizes.observe(container);
  document.addEventListener('visibilitychange', update);
  update();

  return () => {
    running = false;
    cancelAnimationFrame(frame);
    visibility.disconnect();
    sizes.disconnect();
    document.removeEventListener('visibilitychange', update);
    geometry.dispose();
    material.dispose();
    renderer.dispose();
    renderer.forceContextLoss();
    canvas.remove();
  };
}
