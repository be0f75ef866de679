package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func windowMaximums(values []int, k int) []string {
	if k < 1 || k > len(values) {
		return nil
	}
	var window []int
	var result []string
	for i, value := range values {
		for len(window) > 0 && window[0] <= i-k {
			window = window[1:]
		}
		for len(window) > 0 && values[window[len(window)-1]] <= value {
			window = window[:len(window)-1]
		}
		window = append(window, i)
		if i >= k-1 {
			result = append(result, strconv.Itoa(values[window[0]]))
		}
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
	n, k := next(), next()
	values := make([]int, n)
	for i := range values {
		values[i] = next()
	}
	if result := windowMaximums(values, k); result == nil {
		fmt.Println("none")
	} else {
		fmt.Println(strings.Join(result, " "))
	}
}
