package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func spiral(m [][]int, rows, cols int) []string {
	out := []string{}
	add := func(v int) { out = append(out, strconv.Itoa(v)) }
	top, bottom, left, right := 0, rows-1, 0, cols-1
	for top <= bottom && left <= right {
		for c := left; c <= right; c++ {
			add(m[top][c])
		}
		for r := top + 1; r <= bottom; r++ {
			add(m[r][right])
		}
		if top < bottom {
			for c := right - 1; c >= left; c-- {
				add(m[bottom][c])
			}
		}
		if left < right {
			for r := bottom - 1; r > top; r-- {
				add(m[r][left])
			}
		}
		top, bottom, left, right = top+1, bottom-1, left+1, right-1
	}
	return out
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	rows, cols := next(), next()
	m := make([][]int, rows)
	for r := range m {
		m[r] = make([]int, cols)
		for c := range m[r] {
			m[r][c] = next()
		}
	}
	fmt.Println(strings.Join(spiral(m, rows, cols), " "))
}
