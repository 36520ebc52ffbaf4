import {
  AdditiveBlending,
  BufferAttribute,
  BufferGeometry,
  Color,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Scene,
  WebGLRenderer,
} from 'three';

const COLUMNS = 140;
const ROWS = 56;
const SPACING = 0.55;
const MAX_PIXEL_RATIO = 2;

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
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));
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
  const positionAttribute = new BufferAttribute(positions, 3);
  geometry.setAttribute('position', positionAttribute);
  geometry.setAttribute('color', new BufferAttribute(colors, 3));
  const material = new PointsMaterial({
    size: 0.09,
    vertexColors: true,
    transparent: true,
    opacity: 0.8,
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
    const t = (now - started) / 1000;
    for (let index = 0; index < count; index += 1) {
      const i = index * 3;
      const x = positions[i]!;
      const z = positions[i + 2]!;
      positions[i + 1] = Math.sin(x * 0.32 + t * 0.9) * 0.45 + Math.cos(z * 0.42 + t * 0.6) * 0.35;
    }
    positionAttribute.needsUpdate = true;
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
