package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func maxCollinear(pts [][2]int) int {
	if len(pts) < 2 {
		return len(pts)
	}
	best := 1
	for i := range pts {
		counts := map[[2]int]int{}
		for j := i + 1; j < len(pts); j++ {
			dx, dy := pts[j][0]-pts[i][0], pts[j][1]-pts[i][1]
			g := gcd(abs(dx), abs(dy))
			dx, dy = dx/g, dy/g
			if dx < 0 || (dx == 0 && dy < 0) {
				dx, dy = -dx, -dy
			}
			counts[[2]int{dx, dy}]++
			if c := counts[[2]int{dx, dy}] + 1; c > best {
				best = c
			}
		}
	}
	return best
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	n := next()
	pts := make([][2]int, n)
	for i := range pts {
		pts[i] = [2]int{next(), next()}
	}
	fmt.Println(maxCollinear(pts))
}
