package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func encodeLabels(labels []string, minCount int) ([]string, []string) {
	counts := map[string]int{}
	for _, label := range labels {
		counts[label]++
	}
	mapping := map[string]int{}
	codes := []string{}
	kept := []string{}
	for _, label := range labels {
		if counts[label] < minCount {
			codes = append(codes, "-1")
			continue
		}
		if _, ok := mapping[label]; !ok {
			mapping[label] = len(kept)
			kept = append(kept, label)
		}
		codes = append(codes, strconv.Itoa(mapping[label]))
	}
	return codes, kept
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	sc.Scan()
	minCount, _ := strconv.Atoi(sc.Text())
	labels := make([]string, n)
	for i := range labels {
		sc.Scan()
		labels[i] = sc.Text()
	}
	codes, kept := encodeLabels(labels, minCount)
	fmt.Println(strings.Join(codes, " "))
	fmt.Println(strings.Join(kept, " "))
}
