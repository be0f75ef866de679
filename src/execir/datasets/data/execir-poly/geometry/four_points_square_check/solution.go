package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
)

func isSquare(p [4][2]int64) bool {
	var dists []int64
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			dx, dy := p[i][0]-p[j][0], p[i][1]-p[j][1]
			dists = append(dists, dx*dx+dy*dy)
		}
	}
	sort.Slice(dists, func(a, b int) bool { return dists[a] < dists[b] })
	side := dists[0]
	return side > 0 && dists[3] == side && dists[4] == dists[5] && dists[4] == 2*side
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	q := int(next())
	for i := 0; i < q; i++ {
		var p [4][2]int64
		for k := range p {
			p[k] = [2]int64{next(), next()}
		}
		if isSquare(p) {
			fmt.Println("yes")
		} else {
			fmt.Println("no")
		}
	}
}
