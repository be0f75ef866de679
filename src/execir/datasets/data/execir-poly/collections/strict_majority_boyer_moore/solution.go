package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func majority(items []int) (int, bool) {
	candidate, votes := 0, 0
	for _, item := range items {
		if votes == 0 {
			candidate, votes = item, 1
		} else if item == candidate {
			votes++
		} else {
			votes--
		}
	}
	count := 0
	for _, item := range items {
		if item == candidate {
			count++
		}
	}
	return candidate, count*2 > len(items)
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	items := make([]int, n)
	for i := range items {
		sc.Scan()
		items[i], _ = strconv.Atoi(sc.Text())
	}
	if result, ok := majority(items); ok {
		fmt.Println(result)
	} else {
		fmt.Println("none")
	}
}
