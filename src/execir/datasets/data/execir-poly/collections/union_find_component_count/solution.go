package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func countComponents(n int, edges [][2]int) int {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	components := n
	for _, e := range edges {
		if e[0] < 0 || e[1] < 0 || e[0] >= n || e[1] >= n {
			continue
		}
		ru, rv := find(e[0]), find(e[1])
		if ru != rv {
			parent[ru] = rv
			components--
		}
	}
	return components
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	n, m := next(), next()
	edges := make([][2]int, m)
	for i := range edges {
		edges[i] = [2]int{next(), next()}
	}
	fmt.Println(countComponents(n, edges))
}
