package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func lruHits(capacity int, accesses []string) int {
	if capacity <= 0 {
		return 0
	}
	var cache []string
	hits := 0
	for _, key := range accesses {
		found := -1
		for i, k := range cache {
			if k == key {
				found = i
				break
			}
		}
		if found >= 0 {
			hits++
			cache = append(cache[:found], cache[found+1:]...)
		} else if len(cache) >= capacity {
			cache = cache[1:]
		}
		cache = append(cache, key)
	}
	return hits
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	capacity, _ := strconv.Atoi(sc.Text())
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	accesses := make([]string, n)
	for i := range accesses {
		sc.Scan()
		accesses[i] = sc.Text()
	}
	fmt.Println(lruHits(capacity, accesses))
}
