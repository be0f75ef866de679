package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func binIndices(values, edges []int) []string {
	result := []string{}
	for _, v := range values {
		index := -1
		for i, edge := range edges {
			if v >= edge {
				index = i
			}
		}
		result = append(result, strconv.Itoa(index))
	}
	return result
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
	values, edges := make([]int, n), make([]int, m)
	for i := range values {
		values[i] = next()
	}
	for i := range edges {
		edges[i] = next()
	}
	if m < 2 {
		fmt.Println("invalid")
		return
	}
	fmt.Println(strings.Join(binIndices(values, edges), " "))
}
