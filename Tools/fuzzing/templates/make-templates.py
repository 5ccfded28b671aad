#!/usr/bin/env python3
"""Writes the fuzz harnesses' template folders (Tools/fuzzing/templates/*):
one small valid folder per sequence format (native, TUM, 7-Scenes, EuRoC,
ARKitScenes) and a reference-image folder, mirroring the fixtures of
Tests/ARSceneDatasetsTests/FormatFixtures.swift with 32x24 images. Each fuzz
input replaces one text file of a copy of its template. Run from this folder;
the output is deterministic. PNGs are written with zlib alone so that nothing
beyond Python's standard library is needed."""
import os, struct, zlib, shutil, math
def png(path, w, h, channels, depth16, fn):
    os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
    raw=b''
    for y in range(h):
        raw+=b'\0'
        for x in range(w):
            v=fn(x,y)
            if depth16: raw+=struct.pack('>H',v)
            elif channels==1: raw+=bytes([v])
            else: raw+=bytes(v)
    ctype={1:0,3:2}[channels]; bits=16 if depth16 else 8
    def chunk(t,d): return struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d)&0xffffffff)
    open(path,'wb').write(b'\x89PNG\r\n\x1a\n'+chunk(b'IHDR',struct.pack('>IIBBBBB',w,h,bits,ctype,0,0,0))+chunk(b'IDAT',zlib.compress(raw,9))+chunk(b'IEND',b''))
W,H=32,24
col=lambda s:(lambda x,y:((x*7+s*13)%256,(y*11+s*5)%256,(x+y+s)%256))
dep=lambda s:(lambda x,y:0 if x+y==0 else 5000+40*x+70*y+3*s)
gry=lambda s:(lambda x,y:(x*7+y*3+s*31)%256)
def tum_layout(n, times, groundtruth):
    """Colour and depth images with their rgb.txt and depth.txt lists."""
    for i,t in enumerate(times):
        png(f'{n}/rgb/{t}.png',W,H,3,False,col(i)); png(f'{n}/depth/{t}.png',W,H,1,True,dep(i))
    for kind in ['rgb','depth']:
        open(f'{n}/{kind}.txt','w').write('# timestamp filename\n'+''.join(f'{t} {kind}/{t}.png\n' for t in times))
    open(f'{n}/groundtruth.txt','w').write('# timestamp tx ty tz qx qy qz qw\n'+groundtruth)
# native
n='native'
tum_layout(n, ['0.000000','0.033333','0.066667'], ''.join(f'{0.01*k:.6f} 1.0 2.0 {0.1*k:.3f} 0 0.6 0 0.8\n' for k in range(8)))
open(f'{n}/imu.txt','w').write('# timestamp ax ay az gx gy gz\n'+''.join(f'{0.005*k:.6f} 0.1 9.8 0.2 0.01 0.02 0.03\n' for k in range(16)))
open(f'{n}/sequence.json','w').write('{\n  "camera": {"cx": 15.5, "cy": 11.5, "fx": 26.25, "fy": 26.25, "height": 24, "width": 32},\n  "depth": {"scale": 5000.0},\n  "frameRate": 30.0,\n  "groundTruth": {"convention": "opencv"},\n  "name": "fuzz-template",\n  "sensors": ["color", "depth", "imu", "groundTruth"]\n}\n')
# tum (published layout: accelerometer.txt, no sequence.json)
n='tum'
tum_layout(n, ['1.000000','1.033000','1.066000'], ''.join(f'{0.99+0.01*k:.2f} 1.0 2.0 {0.1*k:.1f} 0 0.6 0 0.8\n' for k in range(10)))
open(f'{n}/accelerometer.txt','w').write('# timestamp ax ay az\n'+''.join(f'{0.995+0.01*k:.3f} 0.1 -9.8 {k}.0\n' for k in range(10)))
# 7-scenes
n='seven-scenes'
pose='0 0 1 1\n0 1 0 0\n-1 0 0 0\n0 0 0 1\n'
for i,k in enumerate([0,1,3]):
    s=f'{n}/frame-{k:06d}'
    png(s+'.color.png',W,H,3,False,col(i)); png(s+'.depth.png',W,H,1,True,lambda x,y:65535 if (x,y)==(5,5) else 1500)
    if k!=3: open(s+'.pose.txt','w').write(pose)
open(f'{n}/sequence.json','w').write('{"camera": {"width": 32, "height": 24, "fx": 30, "fy": 30, "cx": 15.5, "cy": 11.5},\n "depth": {"scale": 1000, "intrinsics": {"width": 32, "height": 24, "fx": 33, "fy": 33, "cx": 15.5, "cy": 11.5}}}\n')
open(f'{n}/gravity-direction.txt','w').write('0.0\n2.0\n0.0\n')
# euroc
n='euroc/mav0'
ts=[1403715273262142976,1403715273312143104,1403715273362142976]
lst='#timestamp [ns],filename\n'
for i,t in enumerate(ts):
    png(f'{n}/cam0/data/{t}.png',W,H,1,False,gry(i)); lst+=f'{t},{t}.png\r\n'
open(f'{n}/cam0/data.csv','w').write(lst)
open(f'{n}/cam0/sensor.yaml','w').write('%YAML:1.0\nsensor_type: camera\nT_BS:\n  cols: 4\n  rows: 4\n  data: [0.0, -1.0, 0.0, 0.05,\n         1.0, 0.0, 0.0, 0.0,\n         0.0, 0.0, 1.0, 0.0,\n         0.0, 0.0, 0.0, 1.0]\nrate_hz: 20\nresolution: [32, 24]\ncamera_model: pinhole\nintrinsics: [30.0, 31.0, 15.5, 11.5] #fu, fv, cu, cv\ndistortion_model: radial-tangential\ndistortion_coefficients: [-0.28, 0.07, 0.0002, 1.8e-05]\n')
os.makedirs(f'{n}/imu0',exist_ok=True)
open(f'{n}/imu0/data.csv','w').write('#timestamp [ns],w_RS_S_x [rad s^-1],w_RS_S_y,w_RS_S_z,a_RS_S_x [m s^-2],a_RS_S_y,a_RS_S_z\n'+''.join(f'{ts[0]-20000000+k*5000000},0.5,0,0,9.81,0,0\n' for k in range(25)))
os.makedirs(f'{n}/state_groundtruth_estimate0',exist_ok=True)
open(f'{n}/state_groundtruth_estimate0/data.csv','w').write('#timestamp,p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z [],v_RS_R_x,v_RS_R_y,v_RS_R_z,b_w_x,b_w_y,b_w_z,b_a_x,b_a_y,b_a_z\n'+''.join(f'{t},1.0,2.0,3.0,1.0,0.0,0.0,0.0,0,0,0,0,0,0,0,0,0\n' for t in ts))
# arkitscenes
v='41069021'; n=f'arkitscenes/{v}_frames'
for i,t in enumerate(['10.050','10.333','10.950']):
    png(f'{n}/lowres_wide/{v}_{t}.png',W,H,3,False,col(i)); png(f'{n}/lowres_depth/{v}_{t}.png',W,H,1,True,dep(i))
    os.makedirs(f'{n}/lowres_wide_intrinsics',exist_ok=True)
    open(f'{n}/lowres_wide_intrinsics/{v}_{t}.pincam','w').write(f'32 24 {30+i/10} {30.5+i/10} 15.8 11.9\n')
open(f'{n}/lowres_wide.traj','w').write(''.join(f'{10+k/10:.3f} 0.1 0.2 0.3 0.5 1.0 -0.2\n' for k in range(11)))
# references
n='references'
png(f'{n}/poster.png',96,72,3,False,lambda x,y:((x*x+y*3)%256,(y*y*5+x)%256,((x^y)*9)%256))
png(f'{n}/cover.png',72,96,3,False,lambda x,y:((x*13+y*y)%256,(x*y)%256,(x*5+y*9)%256))
open(f'{n}/references.json','w').write('[\n  {"name": "poster", "file": "poster.png", "physicalWidth": 0.5},\n  {"name": "cover", "file": "cover.png", "physicalWidth": 0.12}\n]\n')
