package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func invert(perm []int) []int {
	n := len(perm)
	inverse := make([]int, n)
	for i := range inverse {
		inverse[i] = -1
	}
	for i, p := range perm {
		if p < 0 || p >= n || inverse[p] != -1 {
			return nil
		}
		inverse[p] = i
	}
	return inverse
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	perm := make([]int, n)
	for i := range perm {
		sc.Scan()
		perm[i], _ = strconv.Atoi(sc.Text())
	}
	inverse := invert(perm)
	if inverse == nil {
		fmt.Println("invalid")
		return
	}
	parts := make([]string, n)
	for i, v := range inverse {
		parts[i] = strconv.Itoa(v)
	}
	fmt.Println(strings.Join(parts, " "))
}
